import type {TextContentLoader} from '../texts/content.ts'
import type {OutgoingText, SendResult, TextProvider} from '../texts/provider.ts'
import {seedTextContent} from '../texts/testing.ts'

/* Shared by the operations' tests only (nothing in the functions imports it). */

/** The administrator's number the seed's site lists as 운영 알림 받을 번호. */
export const ALARM_PHONE = '010-9000-0001'

/** The seed's texts' content, its site listing ALARM_PHONE for alarms. */
export const alarmContent: TextContentLoader = async () => {
  const content = await seedTextContent()
  const sites = new Map(
    [...content.sites].map(([slug, site]) => [slug, {...site, operationsPhones: [ALARM_PHONE]}]),
  )
  return {...content, sites}
}

/** What SOLAPI answers when the account's balance has run out. */
export const NO_BALANCE: SendResult = {
  status: 'refused',
  reason: 'HTTP 402 NotEnoughBalance: 잔액이 부족합니다.',
}

/**
 * A provider that answers `failure` to every call while `failing`, else sends; it keeps
 * what it was asked to send.
 */
export function switchableProvider(failure: SendResult = NO_BALANCE) {
  const calls: OutgoingText[] = []
  const provider: TextProvider & {failing: boolean; calls: OutgoingText[]} = {
    name: 'solapi',
    failing: true,
    calls,
    send: async (text) => {
      calls.push(text)
      return provider.failing ? failure : {status: 'sent', messageId: `M${calls.length}`}
    },
  }
  return provider
}
