import { nextScheduleDateAfter } from '../../preload/contract/platform/schedule'
import { chargeAndRecord, type Charge } from './profiles/charging'
import { stopWhenDone } from './profiles/profile-charge'
import { SandboxActionError } from './sandbox-action-error'
import type { Profile } from './stores/profile'
import type { SandboxParts } from './sandbox-parts'

/** The Sandbox page's actions on one profile: charge it now, resume it, set its repeats. */
export function createProfileActions({ state, context, sendCallbacks }: SandboxParts) {
  const { stores, db } = state

  const profileOrFail = (id: string): Profile => {
    const profile = stores.profiles.byId(id)
    if (!profile) throw new SandboxActionError('sandbox.action.no-profile', { profile: id })
    return profile
  }

  /** Runs a change to one profile in a write transaction, then sends its callbacks. */
  const changeProfile = (
    id: string,
    change: (profile: Profile) => { profile: Profile; charges: Charge[] },
  ) => {
    const result = db
      .transaction(() => {
        const changed = change(profileOrFail(id))
        stores.profiles.save(changed.profile)
        return changed
      })
      .immediate()
    sendCallbacks(result.charges)
    return result
  }

  return {
    /** A manual charge, as from the gateway's user interface; allowed on a stopped profile too. */
    chargeNow(profileId: string): Charge {
      const today = stores.meta.today()
      return changeProfile(profileId, (profile) => {
        const { profile: charged, charge } = chargeAndRecord(context, profile, today, false)
        return { profile: charged, charges: [charge] }
      }).charges[0]!
    },
    /** The Resume action: only the user interface can restart a stopped profile (spec §3). */
    resumeProfile(profileId: string): Profile {
      const today = stores.meta.today()
      return changeProfile(profileId, (profile) => {
        if (profile.status === 'running')
          throw new SandboxActionError('sandbox.action.already-running', { profile: profileId })
        const resumed: Profile = {
          ...profile,
          status: 'running',
          stopReason: null,
          schedule: {
            ...profile.schedule,
            nextChargeDate: nextScheduleDateAfter(profile.schedule, today),
          },
        }
        if (stopWhenDone(resumed, today).status === 'stopped') {
          throw new SandboxActionError('sandbox.action.cannot-resume', { profile: profileId })
        }
        return { profile: resumed, charges: [] }
      }).profile
    },
    /** Sets the current repeats number; 0 makes an amount sequence start again from its first amount. */
    setCurrentRepeats(profileId: string, repeats: number): Profile {
      if (!Number.isInteger(repeats) || repeats < 0) {
        throw new SandboxActionError('sandbox.action.repeats-number', { value: repeats })
      }
      const today = stores.meta.today()
      return changeProfile(profileId, (profile) => {
        const schedule = { ...profile.schedule, currentRepeats: repeats }
        return { profile: stopWhenDone({ ...profile, schedule }, today), charges: [] }
      }).profile
    },
  }
}
