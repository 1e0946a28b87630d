import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import {
  RECURRING_PROFILE_TYPES,
  RECURRING_UPDATE_PARAMETERS,
  type RecurringProfileType,
} from '../../../../preload/contract/recurring-update-rules'
import { SENSITIVE_PARAMETERS, type ProfileTypeChoice, type SentUpdate } from './recurring-shared'

const STORAGE_KEY = 'gatedesk.recurringDraft'
const STORED_NAMES = RECURRING_UPDATE_PARAMETERS.map((d) => d.name).filter(
  (name) => !SENSITIVE_PARAMETERS.includes(name),
)
const DEFAULT_OPEN_GROUPS = ['profile', 'amount']

const emptyParams = () => Object.fromEntries(STORED_NAMES.map((name) => [name, '']))

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
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as unknown
    if (typeof saved !== 'object' || saved === null) return draft
    const { params, profileType, openGroups } = saved as Record<string, unknown>
    if (typeof params === 'object' && params !== null) {
      for (const name of STORED_NAMES) {
        const value = (params as Record<string, unknown>)[name]
        if (typeof value === 'string') draft.params[name] = value
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
 * The update being written, kept while staff visit other sections (and across a reload of the
 * window through sessionStorage). Card number, CVV2 and SSN are not part of it.
 */
export const useRecurringDraftStore = defineStore('recurring-draft', () => {
  const restored = restore()
  const params = ref<Record<string, string>>(restored.params)
  const profileType = ref<ProfileTypeChoice>(restored.profileType)
  const openGroups = ref<string[]>(restored.openGroups)
  const sending = ref(false)
  const last = ref<SentUpdate | null>(null)
  const failure = ref<string | null>(null)

  watch(
    [params, profileType, openGroups],
    () => {
      const stored: StoredDraft = {
        params: Object.fromEntries(STORED_NAMES.map((name) => [name, params.value[name] ?? ''])),
        profileType: profileType.value,
        openGroups: openGroups.value,
      }
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored))
    },
    { deep: true },
  )

  function setParam(name: string, value: string): void {
    if (SENSITIVE_PARAMETERS.includes(name)) throw new Error(`${name} is never kept in the draft`)
    params.value[name] = value
  }

  function clear(): void {
    params.value = emptyParams()
    profileType.value = 'unknown'
    last.value = null
    failure.value = null
  }

  return { params, profileType, openGroups, sending, last, failure, setParam, clear }
})
