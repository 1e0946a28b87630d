import { addDays, timestampOn, type IsoDay } from '../../../preload/contract/platform/calendar'
import type { Merchant } from '../stores/merchant-store'
import { chargeAmount, stopWhenDone, transactionTypeOf } from './profile-charge'
import type { AmountRule, Profile, ProfileSchedule } from '../stores/profile'
import {
  nextScheduleDateAfter,
  scheduleDate,
  type Period,
} from '../../../preload/contract/platform/schedule'
import type { SandboxStores } from '../stores/sandbox-state'

const FIRST_TRANSACTION_ID = 1_000_001

interface ProfileSeed {
  id: string
  type: Profile['type']
  scheduleType?: Profile['scheduleType']
  currency: string
  amountRule: AmountRule
  period: Period
  interval: number
  /** Days from today. */
  start: number
  finish?: number
  maxRepeats?: number
  callback: 'notify' | 'server'
  orderDescription: string
  payer: Profile['payer']
  cardholder?: string
}

// Types, schedules, amount rules and states the Sandbox page and the tests can show at once.
const PROFILE_SEEDS: ProfileSeed[] = [
  {
    id: '100001',
    type: 'SRC',
    currency: 'EUR',
    amountRule: { kind: 'fixed', amount: 4990 },
    period: 'month',
    interval: 1,
    start: -20,
    finish: 365,
    callback: 'notify',
    orderDescription: 'Premium plan, monthly',
    payer: {
      'first-name': 'Anna',
      'last-name': "O'Neil",
      country: 'US',
      state: 'NY',
      city: 'New York',
      email: 'anna.oneil@example.com',
    },
    cardholder: "ANNA O'NEIL",
  },
  {
    id: '100002',
    type: 'SRC',
    currency: 'USD',
    amountRule: { kind: 'range', from: 500, to: 1500 },
    period: 'week',
    interval: 1,
    start: 1,
    callback: 'server',
    orderDescription: 'Coffee club "Beans & Co"',
    payer: {
      'first-name': 'Ben',
      'last-name': 'Carter',
      country: 'CA',
      state: 'ON',
      email: 'ben@example.com',
    },
    cardholder: 'BEN CARTER',
  },
  {
    id: '100003',
    type: 'native',
    currency: 'EUR',
    amountRule: { kind: 'sequence', amounts: [1000, 1250, 1500] },
    period: 'day',
    interval: 2,
    start: -1,
    maxRepeats: 10,
    callback: 'notify',
    orderDescription: 'Language course\r\nlesson pack',
    payer: {
      'first-name': 'Chloé',
      'last-name': 'Dubois',
      country: 'FR',
      email: 'chloe@example.com',
    },
    cardholder: 'CHLOE DUBOIS',
  },
  {
    id: '100004',
    type: 'DST',
    currency: 'RUB',
    amountRule: { kind: 'fixed', amount: 10000 },
    period: 'month',
    interval: 1,
    start: -40,
    callback: 'notify',
    orderDescription: 'Выплата партнёру «Ромашка»',
    payer: {
      'first-name': 'Иван',
      'last-name': 'Петров',
      country: 'RU',
      email: 'ivan@example.com',
    },
    cardholder: 'IVAN PETROV',
  },
  {
    id: '100005',
    type: 'SRC',
    currency: 'GBP',
    amountRule: { kind: 'fixed', amount: 999 },
    period: 'week',
    interval: 1,
    start: -30,
    maxRepeats: 3,
    callback: 'notify',
    orderDescription: 'Trial, three weeks',
    payer: { 'first-name': 'Dana', 'last-name': 'Lee', country: 'GB', email: 'dana@example.com' },
    cardholder: 'DANA LEE',
  },
  {
    id: '100006',
    type: 'native',
    scheduleType: 'manual',
    currency: 'GBP',
    amountRule: { kind: 'fixed', amount: 2500 },
    period: 'month',
    interval: 1,
    start: -10,
    callback: 'server',
    orderDescription: 'Charged by hand from the Sandbox page',
    payer: { 'first-name': 'Eve', 'last-name': 'Moss', country: 'GB' },
  },
  {
    id: '100007',
    type: 'DST',
    currency: 'USD',
    amountRule: { kind: 'fixed', amount: 25000 },
    period: 'week',
    interval: 2,
    start: -60,
    finish: -5,
    callback: 'notify',
    orderDescription: 'Affiliate payout; closed',
    payer: {
      'first-name': 'Frank',
      'last-name': 'Nguyen',
      country: 'AU',
      email: 'frank@example.com',
    },
  },
]

// Descriptions that exercise CSV quoting and encodings in the report viewer.
export const EDGE_CASE_DESCRIPTIONS = [
  'Order #1, "gift" wrap',
  'Two lines\r\nCRLF inside',
  'LF only\nnote',
  'CR only\rnote',
  'Подарочный сертификат «Весна»',
  'Café crème ☕ (not in windows-1251)',
  '',
  'Semicolon; separated; text',
  'Tab\tinside',
  '"Quoted from the start"',
]

/** The schedule of a seed as if the sandbox had run it until today. */
function seedSchedule(
  seed: ProfileSeed,
  today: IsoDay,
): { schedule: ProfileSchedule; chargeDates: IsoDay[] } {
  const rule = {
    period: seed.period,
    interval: seed.interval,
    startDate: addDays(today, seed.start),
  }
  const finishDate = seed.finish === undefined ? null : addDays(today, seed.finish)
  const chargeDates: IsoDay[] = []
  for (let index = 0; ; index++) {
    const date = scheduleDate(rule, index)
    if (date > today || (finishDate !== null && date > finishDate)) break
    if (seed.scheduleType === 'manual' || index === seed.maxRepeats) break
    chargeDates.push(date)
  }
  return {
    chargeDates,
    schedule: {
      ...rule,
      finishDate,
      maxRepeats: seed.maxRepeats ?? null,
      currentRepeats: chargeDates.length,
      nextChargeDate: nextScheduleDateAfter(rule, today),
      lastChargeDate: chargeDates.at(-1) ?? null,
    },
  }
}

/**
 * Fills a new sandbox with demo profiles (SRC, DST and native; running and stopped) and a history
 * of transactions: the past charges of those profiles and some one-off sales.
 */
export function seedDemoData(
  stores: SandboxStores,
  merchant: Merchant,
  today: IsoDay,
  now: number,
  inboxUrl: string,
): void {
  let nextId = FIRST_TRANSACTION_ID
  const transaction = (
    day: IsoDay,
    fields: {
      profileId: string | null
      clientOrderId: string
      amountMinor: number
      currency: string
      type: string
      orderDescription: string
    },
  ) =>
    stores.transactions.insert({
      id: nextId++,
      merchantLogin: merchant.login,
      endpointId: merchant.endpointId,
      createdAt: timestampOn(day, now),
      status: 'approved',
      declineReason: null,
      ...fields,
    })

  for (const [index, description] of EDGE_CASE_DESCRIPTIONS.entries()) {
    transaction(addDays(today, index - 30), {
      profileId: null,
      clientOrderId: `SHOP-${2001 + index}`,
      amountMinor: 1999 + index * 1001,
      currency: index % 2 === 0 ? 'EUR' : 'USD',
      type: 'sale',
      orderDescription: description,
    })
  }
  for (const seed of PROFILE_SEEDS) {
    const { schedule, chargeDates } = seedSchedule(seed, today)
    const profile: Profile = {
      id: seed.id,
      merchantLogin: merchant.login,
      type: seed.type,
      scheduleType: seed.scheduleType ?? 'auto',
      status: 'running',
      stopReason: null,
      clientOrderId: `SUB-${seed.id}`,
      currency: seed.currency,
      orderDescription: seed.orderDescription,
      purpose: null,
      card: seed.cardholder
        ? {
            maskedNumber: '411111******1111',
            printedName: seed.cardholder,
            expireMonth: 12,
            expireYear: 2030,
          }
        : null,
      payer: seed.payer,
      amountRule: seed.amountRule,
      schedule,
      notifyUrl: seed.callback === 'notify' ? inboxUrl : null,
      serverCallbackUrl: seed.callback === 'server' ? inboxUrl : null,
      updatedAt: null,
    }
    for (const [repeat, day] of chargeDates.entries()) {
      transaction(day, {
        profileId: profile.id,
        clientOrderId: profile.clientOrderId,
        amountMinor: chargeAmount(profile.amountRule, repeat, () => 0.5),
        currency: profile.currency,
        type: transactionTypeOf(profile),
        orderDescription: profile.orderDescription,
      })
    }
    stores.profiles.save(stopWhenDone(profile, today))
  }
}
