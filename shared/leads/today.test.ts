import {describe, expect, it} from 'vitest'
import {planCalls, reasonDue, type CallLead, type CallReason, type LastCall} from './today.ts'

/** Thursday 26 November 2026, 15:00 in Seoul. */
const NOW = Date.parse('2026-11-26T15:00:00+09:00')
const at = (time: string) => new Date(Date.parse(time)).toISOString()

const lead = (name: string, reasons: CallReason[], lastCall: LastCall | null = null): CallLead => ({
  leadId: `id-${name}`,
  receipt: `R-${name}`,
  site: 'busan',
  name,
  phone: '010-5555-0000',
  stage: 'new',
  reasons,
  lastCall,
})

describe('when a reason asks for a call', () => {
  it('is late past the contact limit only while nobody called', () => {
    const fresh: CallReason = {
      kind: 'new',
      receivedAt: at('2026-11-26T09:00:00+09:00'),
      dueAt: at('2026-11-26T12:00:00+09:00'),
    }
    expect(reasonDue(fresh, null, NOW)).toEqual({
      due: Date.parse('2026-11-26T12:00:00+09:00'),
      overdue: true,
    })
    const called = {at: at('2026-11-26T13:00:00+09:00'), outcome: 'no-answer'} as const
    expect(reasonDue(fresh, called, NOW).overdue).toBe(false)
    expect(reasonDue({...fresh, dueAt: null}, null, NOW)).toEqual({due: null, overdue: false})
  })

  it('is late for a call back past its time and a visit of today not confirmed', () => {
    expect(reasonDue({kind: 'callback', at: at('2026-11-26T14:59:00+09:00')}, null, NOW)).toEqual({
      due: Date.parse('2026-11-26T14:59:00+09:00'),
      overdue: true,
    })
    expect(
      reasonDue({kind: 'callback', at: at('2026-11-26T15:01:00+09:00')}, null, NOW).overdue,
    ).toBe(false)
    // Today's visit, even later today: the day before, to confirm in, is over.
    expect(
      reasonDue({kind: 'unconfirmed', visitAt: '2026-11-26T17:00:00+09:00'}, null, NOW).overdue,
    ).toBe(true)
    expect(
      reasonDue({kind: 'unconfirmed', visitAt: '2026-11-27T10:00:00+09:00'}, null, NOW).overdue,
    ).toBe(false)
  })

  it('is never late for a live offer, due when it lapses', () => {
    const offer: CallReason = {
      kind: 'offer',
      visitAt: '2026-11-28T11:00:00+09:00',
      until: at('2026-11-26T15:20:00+09:00'),
    }
    expect(reasonDue(offer, null, NOW)).toEqual({
      due: Date.parse('2026-11-26T15:20:00+09:00'),
      overdue: false,
    })
  })
})

describe('the order of the calls', () => {
  it('puts the overdue first, then the others by time, then those tried today by their call', () => {
    const calls = planCalls(
      [
        lead('내일방문', [{kind: 'unconfirmed', visitAt: '2026-11-27T11:00:00+09:00'}]),
        lead('재통화', [{kind: 'callback', at: at('2026-11-26T17:00:00+09:00')}]),
        lead('부재', [{kind: 'callback', at: at('2026-11-26T13:00:00+09:00')}], {
          at: at('2026-11-26T14:00:00+09:00'),
          outcome: 'no-answer',
        }),
        lead('늦은신규', [
          {
            kind: 'new',
            receivedAt: at('2026-11-26T09:00:00+09:00'),
            dueAt: at('2026-11-26T12:00:00+09:00'),
          },
        ]),
        lead('기한모름', [{kind: 'new', receivedAt: at('2026-11-26T09:00:00+09:00'), dueAt: null}]),
        lead('대기안내', [
          {
            kind: 'offer',
            visitAt: '2026-11-28T11:00:00+09:00',
            until: at('2026-11-26T15:20:00+09:00'),
          },
        ]),
        lead('오늘방문', [{kind: 'unconfirmed', visitAt: '2026-11-26T16:00:00+09:00'}]),
        // Tried after 부재 above, though due earlier: the one just called goes last.
        lead('방금부재', [{kind: 'callback', at: at('2026-11-26T12:00:00+09:00')}], {
          at: at('2026-11-26T14:30:00+09:00'),
          outcome: 'no-answer',
        }),
        lead('지난재통화', [{kind: 'callback', at: at('2026-11-26T14:00:00+09:00')}]),
      ],
      NOW,
    )
    expect(calls.map((call) => [call.name, call.overdue, call.triedToday])).toEqual([
      ['늦은신규', true, false],
      ['지난재통화', true, false],
      ['오늘방문', true, false],
      ['대기안내', false, false],
      ['재통화', false, false],
      ['내일방문', false, false],
      ['기한모름', false, false],
      ['부재', true, true],
      ['방금부재', true, true],
    ])
    expect(calls[0]!.dueAt).toBe(at('2026-11-26T12:00:00+09:00'))
    expect(calls[6]!.dueAt).toBeNull()
  })

  it('takes a lead’s earliest reason, and a no answer of another day does not move it', () => {
    const [both, yesterday] = planCalls(
      [
        lead('어제부재', [{kind: 'callback', at: at('2026-11-26T16:30:00+09:00')}], {
          at: at('2026-11-25T18:00:00+09:00'),
          outcome: 'no-answer',
        }),
        lead('둘다', [
          {kind: 'unconfirmed', visitAt: '2026-11-27T11:00:00+09:00'},
          {
            kind: 'offer',
            visitAt: '2026-11-28T11:00:00+09:00',
            until: at('2026-11-26T15:20:00+09:00'),
          },
        ]),
      ],
      NOW,
    )
    expect(both!.name).toBe('둘다')
    expect(both!.dueAt).toBe(at('2026-11-26T15:20:00+09:00'))
    expect(both!.reasons.map((reason) => reason.kind)).toEqual(['unconfirmed', 'offer'])
    expect(yesterday).toMatchObject({name: '어제부재', triedToday: false, overdue: false})
  })
})
