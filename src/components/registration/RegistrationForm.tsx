import '#src/styles/forms.css'
import {useEffect, useLayoutEffect, useRef, useState} from 'react'
import {useLayoutData} from '#src/lib/layout-data.ts'
import {useConsentNotice} from '#src/lib/registration/consent.ts'
import {formatPhoneInput} from '#src/lib/registration/format-phone-as-typed.ts'
import {
  HONEYPOT_FIELD,
  MESSAGE_MAX,
  NAME_MAX,
  REGISTER_ENDPOINT,
  type FormSource,
} from '#shared/leads/registration-contract.ts'
import {SUBMIT_LABEL_BUSY} from '#src/lib/registration/form-messages.ts'

/** The submit button's words while a full time is chosen for its waiting list. */
const WAITLIST_SUBMIT_LABEL = '대기 신청하기'
import {ConsentFields} from './ConsentFields.tsx'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {RegistrationOutcome} from './RegistrationOutcome.tsx'
import {useRegistrationForm} from './useRegistrationForm.ts'
import {VisitTimeFallback} from '#src/components/visits/VisitTimeFallback.tsx'
import {VisitTimePicker} from '#src/components/visits/VisitTimePicker.tsx'

/**
 * The name field takes more than the rule allows: a name pasted too long shows the
 * too-long message instead of losing its end without a word.
 */
const NAME_INPUT_MAX = NAME_MAX * 2

interface RegistrationFormProps {
  source: FormSource
  site?: string | null
  /** The customer page and the home form ask for an inquiry too; the popup does not. */
  withMessage?: boolean
  /** A visit reservation offers the free times; an interest registration needs none. */
  withVisitTime?: boolean
  submitLabel?: string
  className?: string
  onSuccess?: () => void
}

/**
 * One registration form. Without JavaScript it is a native urlencoded POST to
 * /api/register, answered by a 303 to the result page; with JavaScript it submits in
 * place. In the popup (no message field) a success replaces the form; elsewhere the
 * fields are cleared and the message stays above the button.
 */
export function RegistrationForm({
  source,
  site,
  withMessage = false,
  withVisitTime = false,
  submitLabel = '등록하기',
  className,
  onSuccess,
}: RegistrationFormProps) {
  const {settings} = useLayoutData()
  const consentVersion = useConsentNotice()?.version
  const form = useRegistrationForm({
    source,
    site,
    consentVersion,
    clearOnSuccess: withMessage,
    onSuccess,
  })
  const {values, state, setField, onSubmit, formRef, fieldId, visit, slotOffer} = form
  const outcomeRef = useRef<HTMLDivElement>(null)
  // The prerendered form (and the hydration) holds the way to the time page; the picker
  // needs the script.
  const [live, setLive] = useState(false)
  useEffect(() => setLive(true), [])
  const visitSite = site ?? settings.defaultSite
  const submitting = state.status === 'submitting'
  const replaced = !withMessage && state.status === 'accepted'

  // A result is announced and, when it replaces the form, takes the focus the form had: in
  // a layout effect, so the focus never falls to the body between the two.
  useLayoutEffect(() => {
    if (replaced) outcomeRef.current?.focus()
  }, [replaced])

  const outcome = (
    <div ref={outcomeRef} className="registration-status" role="status" tabIndex={-1}>
      <RegistrationOutcome
        status={state.status}
        receipt={state.receipt}
        detail={state.detail}
        slotFilled={state.slotFilled}
        phone={settings.phone}
        visit={visit}
      />
    </div>
  )
  if (replaced)
    return <div className={`registration-form is-done ${className ?? ''}`}>{outcome}</div>

  const {
    name: nameError,
    phone: phoneError,
    message: messageError,
    visitAt: visitError,
  } = state.fieldErrors
  const timeProps = {
    id: fieldId('visitAt'),
    value: values.visitAt,
    onChange: (start: string) => setField('visitAt', start),
    error: visitError,
    suggestions: slotOffer.slots,
    refresh: slotOffer.refresh,
    waitlist: {chosen: form.waitlist, onChoose: form.chooseWaitlist},
  }
  return (
    <form
      ref={formRef}
      className={`registration-form ${className ?? ''}`}
      method="post"
      action={REGISTER_ENDPOINT}
      onSubmit={onSubmit}
      aria-busy={submitting || undefined}
    >
      <input type="hidden" name="source" value={source} />
      {site ? <input type="hidden" name="site" value={site} /> : null}
      {consentVersion ? (
        <>
          <input type="hidden" name="consentVersion" value={consentVersion} />
          {/* Both consents' texts live in the privacy document: one revision dates both. */}
          <input type="hidden" name="marketingConsentVersion" value={consentVersion} />
        </>
      ) : null}
      <div className="form-field">
        <label htmlFor={fieldId('name')}>
          이름 <span className="required-mark">(필수)</span>
        </label>
        <input
          id={fieldId('name')}
          name="name"
          type="text"
          autoComplete="name"
          required
          maxLength={NAME_INPUT_MAX}
          value={values.name}
          onChange={(event) => setField('name', event.target.value)}
          {...errorAttributes(`${fieldId('name')}-error`, nameError)}
        />
        <FieldError id={`${fieldId('name')}-error`} message={nameError} />
      </div>
      <div className="form-field">
        <label htmlFor={fieldId('phone')}>
          연락처 <span className="required-mark">(필수)</span>
        </label>
        <input
          id={fieldId('phone')}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="010-1234-5678"
          required
          value={values.phone}
          onChange={(event) => setField('phone', formatPhoneInput(event.target.value))}
          {...errorAttributes(`${fieldId('phone')}-error`, phoneError)}
        />
        <FieldError id={`${fieldId('phone')}-error`} message={phoneError} />
      </div>
      {withVisitTime && visitSite && live ? (
        <VisitTimePicker site={visitSite} {...timeProps} />
      ) : withVisitTime && visitSite ? (
        <VisitTimeFallback site={visitSite} source={source} />
      ) : null}
      {withMessage ? (
        <div className="form-field">
          <label htmlFor={fieldId('message')}>
            문의 내용 <span className="optional-mark">(선택)</span>
          </label>
          <textarea
            id={fieldId('message')}
            name="message"
            rows={5}
            maxLength={MESSAGE_MAX}
            value={values.message}
            onChange={(event) => setField('message', event.target.value)}
            {...errorAttributes(`${fieldId('message')}-error`, messageError)}
          />
          <FieldError id={`${fieldId('message')}-error`} message={messageError} />
        </div>
      ) : null}
      <div className="form-trap" aria-hidden="true">
        <label htmlFor={fieldId(HONEYPOT_FIELD)}>홈페이지 주소(입력하지 마세요)</label>
        <input
          id={fieldId(HONEYPOT_FIELD)}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <ConsentFields form={form} />
      {outcome}
      <button type="submit" className="registration-submit" disabled={submitting}>
        {submitting ? SUBMIT_LABEL_BUSY : form.waitlist ? WAITLIST_SUBMIT_LABEL : submitLabel}
      </button>
    </form>
  )
}
