import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import {
  RECURRING_PROFILE_TYPES,
  RECURRING_UPDATE_PARAMETERS,
  isSensitiveParameter,
  type RecurringProfileType,
} from '../../../../preload/contract/recurring/recurring-parameters'
import { call } from '../../platform/bridge'
import type { ProfileTypeChoice, SentUpdate } from './recurring-shared'
import { GROUP_OF } from './recurring-fields'
import { newClientOrderId } from './typed-input'

const STORAGE_KEY = 'gatedesk.recurringDraft'
const STORED_NAMES = RECURRING_UPDATE_PARAMETERS.map((d) => d.name).filter(
  (name) => !isSensitiveParameter(name),
)
const DEFAULT_OPEN_GROUPS = ['profile', 'amount']

/** A new form: empty but for an order ID of its own, which staff may overwrite. */
const emptyParams = (): Record<string, string> => ({
  ...Object.fromEntries(STORED_NAMES.map((name) => [name, ''])),
  'client-orderid': newClientOrderId(),
})

export interface Reopened {
  historyId: number
  /** The sensitive parameters the entry had, which are to be entered again. */
  reenter: string[]
}

interface StoredDraft {
  params: Record<string, string>
  profileType: ProfileTypeChoice
  openGroups: string[]
}

/** Reads the saved draft, keeping only known, non-sensitive fields of the right shape. */
function restore(): StoredDraft {
  const draft: StoredDraft = {
    params: emptyParams(),
    profileType: 'unknown',
    openGroups: [...DEFAULT_OPEN_GROUPS],
  }
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown
    if (typeof saved !== 'object' || saved === null) return draft
    const { params, profileType, openGroups } = saved as Record<string, unknown>
    if (typeof params === 'object' && params !== null) {
      for (const name of STORED_NAMES) {
        const value = (params as Record<string, unknown>)[name]
        // A draft saved without an order ID gets a new one, as a new form does.
        if (typeof value === 'string' && (value !== '' || name !== 'client-orderid')) {
          draft.params[name] = value
        }
      }
    }
    if (RECURRING_PROFILE_TYPES.some((type) => type === profileType)) {
      draft.profileType = profileType as RecurringProfileType
    }
    if (Array.isArray(openGroups)) {
      draft.openGroups = openGroups.filter((g): g is string => typeof g === 'string')
    }
  } catch {
    // A damaged entry is dropped: the form starts empty.
  }
  return draft
}

/**
 * The update being written, kept while staff visit other sections and across restarts of the app
 * (localStorage). Card number, CVV2 and SSN are never part of it.
 */
export const useRecurringDraftStore = defineStore('recurring-draft', () => {
  const restored = restore()
  const params = ref<Record<string, string>>(restored.params)
  const profileType = ref<ProfileTypeChoice>(restored.profileType)
  const openGroups = ref<string[]>(restored.openGroups)
  const sending = ref(false)
  const last = ref<SentUpdate | null>(null)
  const failure = ref<string | null>(null)
  /** The History entry the form was filled from, and what it needs entered anew. */
  const reopened = ref<Reopened | null>(null)

  watch(
    [params, profileType, openGroups],
    () => {
      const stored: StoredDraft = {
        params: Object.fromEntries(STORED_NAMES.map((name) => [name, params.value[name] ?? ''])),
        profileType: profileType.value,
        openGroups: openGroups.value,
      }
      localStorage.setItem(STORAGE_KEY, JSON.stringify(stored))
    },
    { deep: true },
  )

  function setParam(name: string, value: string): void {
    if (isSensitiveParameter(name)) throw new Error(`${name} is never kept in the draft`)
    params.value[name] = value
  }

  function clear(): void {
    params.value = emptyParams()
    profileType.value = 'unknown'
    last.value = null
    failure.value = null
    reopened.value = null
  }

  /**
   * Fills the form with an update sent before (as History keeps it), under a new order ID. Card
   * number, CVV2 and SSN are kept masked or not at all: they have to be entered again.
   */
  function reopen(historyId: number, sent: readonly (readonly [string, string])[]): void {
    clear()
    const reenter: string[] = []
    for (const [name, value] of sent) {
      if (isSensitiveParameter(name)) reenter.push(name)
      else if (name !== 'client-orderid' && STORED_NAMES.includes(name)) params.value[name] = value
    }
    // CVV2 is never kept, so a card sent with one cannot say so: ask for it with the number.
    if (reenter.includes('credit-card-number') && !reenter.includes('cvv2')) reenter.push('cvv2')
    reopened.value = { historyId, reenter }
    const groups = sent.map(([name]) => GROUP_OF.get(name) ?? 'other')
    openGroups.value = [...new Set([...DEFAULT_OPEN_GROUPS, ...groups])]
  }

  /** The update request `parameters` make, signed by main for a look, not sent. */
  const signPreview = (environmentId: string, parameters: Record<string, string>) =>
    call('recurring:preview', { environmentId, parameters })

  return {
    params,
    profileType,
    openGroups,
    sending,
    last,
    failure,
    reopened,
    setParam,
    clear,
    reopen,
    signPreview,
  }
})
