import {telHref} from '#src/components/layout/tel-href.ts'
import type {RegistrationStatus} from '#src/lib/registration/form-state.ts'
import {RESULT_MESSAGES} from '#src/lib/registration/form-messages.ts'
import type {VisitOutcome} from '#src/lib/api/registration.ts'
import {VISIT_HELD_MESSAGES} from '#shared/leads/registration-contract.ts'
import {formatVisitAt} from '#shared/visits/visit-time.ts'
import {WAITLIST_MESSAGES} from '#shared/visits/waitlist.ts'

interface RegistrationOutcomeProps {
  status: RegistrationStatus
  receipt?: string | null
  detail?: string | null
  /** Refused because the chosen time filled: the picker below offers the nearest free ones. */
  slotFilled?: boolean
  phone?: string | null
  visit?: VisitOutcome | null
}

/** The one result message of a submission: accepted with its receipt, refused with why, or unanswered. */
export function RegistrationOutcome({
  status,
  receipt,
  detail,
  slotFilled = false,
  phone,
  visit,
}: RegistrationOutcomeProps) {
  if (status === 'accepted') {
    return (
      <div className="registration-outcome is-accepted">
        <p className="registration-outcome-title">{RESULT_MESSAGES.accepted}</p>
        {receipt ? (
          <p className="registration-receipt">
            접수번호 <strong>{receipt}</strong>
          </p>
        ) : null}
        {visit && 'held' in visit ? (
          <p className="registration-visit is-held">{VISIT_HELD_MESSAGES[visit.held]}</p>
        ) : visit && 'waitlistUrl' in visit ? (
          <p className="registration-visit is-waiting">
            <strong>{formatVisitAt(visit.start)}</strong> 방문 {WAITLIST_MESSAGES.joined}{' '}
            <a href={visit.waitlistUrl}>대기 순서 확인</a>
          </p>
        ) : visit ? (
          <p className="registration-visit">
            방문 예약 <strong>{formatVisitAt(visit.start)}</strong>
            {visit.manageUrl ? (
              <>
                {' '}
                <a href={visit.manageUrl}>예약 확인·변경</a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    )
  }
  if (status === 'refused') {
    return (
      <div className="registration-outcome is-refused">
        <p className="registration-outcome-title">
          {slotFilled ? RESULT_MESSAGES.slotFilled : RESULT_MESSAGES.refused}
        </p>
        {detail ? <p>{detail}</p> : null}
      </div>
    )
  }
  if (status === 'unanswered') {
    return (
      <div className="registration-outcome is-unanswered">
        <p className="registration-outcome-title">{RESULT_MESSAGES.unanswered}</p>
        {phone ? (
          <p>
            급하신 경우 전화로 문의해 주세요: <a href={telHref(phone)}>{phone}</a>
          </p>
        ) : null}
      </div>
    )
  }
  return null
}
