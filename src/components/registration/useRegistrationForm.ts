import {useEffect, useId, useReducer, useRef, useState, type FormEvent} from 'react'
import {visitAttribution} from '#src/lib/registration/attribution.ts'
import {HONEYPOT_FIELD, type FormSource} from '#shared/leads/registration-contract.ts'
import {INITIAL_REGISTRATION_STATE, registrationReducer} from '#src/lib/registration/form-state.ts'
import {submitRegistration, type VisitOutcome} from '#src/lib/api/registration.ts'
import type {VisitSlot} from '#src/lib/visits/slots.ts'
import {WAITLIST_ENDPOINT} from '#shared/visits/waitlist.ts'
import {
  checkRegistration,
  EMPTY_REGISTRATION,
  FIELD_ORDER,
  type RegistrationValues,
} from '#src/lib/registration/validation.ts'

export interface RegistrationFormOptions {
  source: FormSource
  /** The site's path segment; the server takes the default site without one. */
  site?: string | null
  /** The revision of the consent text the form shows (the privacy document's `_updatedAt`). */
  consentVersion?: string | null
  /** The customer page and the home form start over after a success. */
  clearOnSuccess: boolean
  onSuccess?: () => void
}

/**
 * Values, state and submission of one registration form. The same input keeps its
 * Idempotency-Key across retries, so a retry after a lost answer never makes a second
 * lead; any change to the input makes a new one.
 */
export function useRegistrationForm({
  source,
  site,
  consentVersion,
  clearOnSuccess,
  onSuccess,
}: RegistrationFormOptions) {
  const idBase = useId()
  const [values, setValues] = useState<RegistrationValues>(EMPTY_REGISTRATION)
  const [state, dispatch] = useReducer(registrationReducer, INITIAL_REGISTRATION_STATE)
  const formRef = useRef<HTMLFormElement>(null)
  const startedAt = useRef(0)
  const key = useRef<{value: string; input: string} | null>(null)
  // What became of the time of the last success (booked, or held for an earlier visit); the nearest free slots after a full one (409), and
  // a count that makes the picker ask for the slots again.
  const [visit, setVisit] = useState<VisitOutcome | null>(null)
  const [slotOffer, setSlotOffer] = useState<{slots: VisitSlot[]; refresh: number}>({
    slots: [],
    refresh: 0,
  })
  // The chosen time is a full one, chosen for its waiting list: the form joins it.
  const [waitlist, setWaitlist] = useState(false)

  useEffect(() => {
    // The server's minimum fill time counts from when the form could first be seen.
    startedAt.current = Date.now()
    const form = formRef.current
    if (!form) return
    // Native validation is the no-JavaScript path; with JavaScript the Korean messages
    // sit next to their fields instead of the browser's bubbles.
    form.noValidate = true
    // A prerendered form can be filled in before its script has taken it over (React
    // leaves what was typed on the page): that input becomes the form's own.
    const typed = valuesIn(form)
    if (
      Object.entries(typed).some(
        ([field, value]) => value !== EMPTY_REGISTRATION[field as keyof RegistrationValues],
      )
    )
      setValues(typed)
  }, [])

  const fieldId = (field: string) => `${idBase}-${field}`

  function focusField(field: string): void {
    formRef.current?.ownerDocument.getElementById(fieldId(field))?.focus()
  }

  function setField<F extends keyof RegistrationValues>(
    field: F,
    value: RegistrationValues[F],
  ): void {
    setValues((current) => ({...current, [field]: value}))
    dispatch({type: 'edited', field})
    if (field === 'visitAt') setWaitlist(false)
  }

  /** A full time chosen for its waiting list. */
  function chooseWaitlist(start: string): void {
    setField('visitAt', start)
    setWaitlist(true)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault()
    if (state.status === 'submitting') return
    const errors = checkRegistration(values)
    const firstError = FIELD_ORDER.find((field) => field in errors)
    if (firstError) {
      dispatch({type: 'invalid', fieldErrors: errors})
      focusField(firstError)
      return
    }
    const body = {
      name: values.name.trim(),
      phone: values.phone.trim(),
      ...(values.message.trim() ? {message: values.message.trim()} : {}),
      ...(values.visitAt ? {visitAt: values.visitAt} : {}),
      consent: true,
      ...(consentVersion ? {consentVersion} : {}),
      marketingConsent: values.marketingConsent,
      ...(consentVersion && values.marketingConsent
        ? {marketingConsentVersion: consentVersion}
        : {}),
      source,
      ...(site ? {site} : {}),
      attribution: visitAttribution(),
    }
    const joining = waitlist && Boolean(values.visitAt)
    const input = JSON.stringify({...body, joining})
    if (key.current?.input !== input) key.current = {value: crypto.randomUUID(), input}
    const honeypot = new FormData(event.currentTarget).get(HONEYPOT_FIELD)
    dispatch({type: 'submit'})
    const outcome = await submitRegistration(
      {
        ...body,
        [HONEYPOT_FIELD]: typeof honeypot === 'string' ? honeypot : '',
        fillMs: Date.now() - startedAt.current,
      },
      {idempotencyKey: key.current.value, ...(joining ? {endpoint: WAITLIST_ENDPOINT} : {})},
    )
    if (outcome.kind === 'accepted') {
      dispatch({type: 'accepted', receipt: outcome.receipt})
      setVisit(outcome.visit ?? null)
      setSlotOffer(({refresh}) => ({slots: [], refresh: refresh + 1}))
      onSuccess?.()
      if (clearOnSuccess) {
        setValues(EMPTY_REGISTRATION)
        setWaitlist(false)
        key.current = null
        startedAt.current = Date.now()
      }
    } else if (outcome.kind === 'refused') {
      dispatch({
        type: 'refused',
        fieldErrors: outcome.fieldErrors,
        detail: outcome.detail,
        slotFilled: outcome.slotFilled,
      })
      // The picker asks for the seats again: the filled time shows 마감, no longer chosen.
      if (outcome.slotFilled)
        setSlotOffer(({refresh}) => ({slots: outcome.slots ?? [], refresh: refresh + 1}))
      const firstRejected = FIELD_ORDER.find((field) => field in outcome.fieldErrors)
      if (firstRejected) focusField(firstRejected)
    } else {
      dispatch({type: 'unanswered'})
    }
  }

  return {
    values,
    state,
    setField,
    onSubmit,
    formRef,
    fieldId,
    visit,
    slotOffer,
    waitlist,
    chooseWaitlist,
  }
}

export type RegistrationFormModel = ReturnType<typeof useRegistrationForm>

/** The values a form's fields hold on the page. */
function valuesIn(form: HTMLFormElement): RegistrationValues {
  const field = (name: string) => form.elements.namedItem(name)
  const text = (name: string) => {
    const element = field(name)
    return element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
      ? element.value
      : ''
  }
  const ticked = (name: string) => {
    const element = field(name)
    return element instanceof HTMLInputElement && element.checked
  }
  return {
    name: text('name'),
    phone: text('phone'),
    message: text('message'),
    visitAt: text('visitAt'),
    consent: ticked('consent'),
    marketingConsent: ticked('marketingConsent'),
  }
}
