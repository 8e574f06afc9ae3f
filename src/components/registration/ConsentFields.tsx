import {Link} from 'react-router'
import {useConsentNotice} from '#src/lib/registration/consent.ts'
import {PRIVACY_PATH} from '#src/lib/page-paths.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {ConsentNoticeList} from './ConsentNoticeList.tsx'
import type {RegistrationFormModel} from './useRegistrationForm.ts'

/**
 * The consent labels are fixed wording (the privacy law asks for it); the notice text comes from
 * the privacy content.
 */
export const CONSENT_LABEL = '[필수] 개인정보 수집 및 이용 동의'
const MARKETING_LABEL = '[선택] 마케팅 정보 수신 동의'

/**
 * PIPA consent: a required, never pre-ticked checkbox with its notice behind '보기'
 * (a native disclosure, so it opens without JavaScript too), and a separate optional
 * marketing consent.
 */
export function ConsentFields({form}: {form: RegistrationFormModel}) {
  const notice = useConsentNotice()
  const {values, setField, state, fieldId} = form
  const consentId = fieldId('consent')
  const error = state.fieldErrors.consent
  return (
    <fieldset className="consent">
      <legend className="visually-hidden">개인정보 동의</legend>
      <div className="consent-item">
        <div className="consent-choice">
          <input
            type="checkbox"
            id={consentId}
            name="consent"
            required
            checked={values.consent}
            onChange={(event) => setField('consent', event.target.checked)}
            {...errorAttributes(`${consentId}-error`, error)}
          />
          <label htmlFor={consentId}>{CONSENT_LABEL}</label>
        </div>
        <details className="consent-notice">
          <summary aria-label="개인정보 수집 및 이용 안내 보기">보기</summary>
          <div className="consent-notice-body">
            <ConsentNoticeList notice={notice} />
            <p>
              <Link to={PRIVACY_PATH} target="_blank" rel="noopener">
                개인정보처리방침 전문 보기<span className="visually-hidden"> (새 창)</span>
              </Link>
            </p>
          </div>
        </details>
        <FieldError id={`${consentId}-error`} message={error} />
      </div>
      <div className="consent-item">
        <div className="consent-choice">
          <input
            type="checkbox"
            id={fieldId('marketingConsent')}
            name="marketingConsent"
            checked={values.marketingConsent}
            onChange={(event) => setField('marketingConsent', event.target.checked)}
          />
          <label htmlFor={fieldId('marketingConsent')}>{MARKETING_LABEL}</label>
        </div>
        {notice?.marketingText ? (
          <details className="consent-notice">
            <summary aria-label="마케팅 정보 수신 안내 보기">보기</summary>
            <div className="consent-notice-body">
              <p>{notice.marketingText}</p>
            </div>
          </details>
        ) : null}
      </div>
    </fieldset>
  )
}
