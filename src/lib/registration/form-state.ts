import type {FieldErrors} from '#shared/field-errors.ts'
import type {RegistrationOutcome} from '#shared/leads/outcomes.ts'

/**
 * The states of a registration form: idle, submitting, then exactly
 * one result. Field errors come from the browser-side check or from the server's answer.
 */
export type RegistrationStatus = 'idle' | 'submitting' | RegistrationOutcome

export interface RegistrationFormState {
  status: RegistrationStatus
  receipt: string | null
  fieldErrors: FieldErrors
  /** The server's own words when they add something (wait time, 503 advice). */
  detail: string | null
  /** Refused because the chosen time filled before the form reached the server. */
  slotFilled: boolean
}

export type RegistrationAction =
  | {type: 'invalid'; fieldErrors: FieldErrors}
  | {type: 'submit'}
  | {type: 'accepted'; receipt: string}
  | {type: 'refused'; fieldErrors: FieldErrors; detail: string | null; slotFilled?: boolean}
  | {type: 'unanswered'}
  | {type: 'edited'; field: string}

export const INITIAL_REGISTRATION_STATE: RegistrationFormState = {
  status: 'idle',
  receipt: null,
  fieldErrors: {},
  detail: null,
  slotFilled: false,
}

export function registrationReducer(
  state: RegistrationFormState,
  action: RegistrationAction,
): RegistrationFormState {
  switch (action.type) {
    case 'invalid':
      if (state.status === 'submitting') return state
      return {...INITIAL_REGISTRATION_STATE, fieldErrors: action.fieldErrors}
    case 'submit':
      // A second press while the first request runs must not send another.
      if (state.status === 'submitting') return state
      return {...INITIAL_REGISTRATION_STATE, status: 'submitting'}
    case 'accepted':
      return {...INITIAL_REGISTRATION_STATE, status: 'accepted', receipt: action.receipt}
    case 'refused':
      return {
        ...INITIAL_REGISTRATION_STATE,
        status: 'refused',
        fieldErrors: action.fieldErrors,
        detail: action.detail,
        slotFilled: action.slotFilled ?? false,
      }
    case 'unanswered':
      return {...INITIAL_REGISTRATION_STATE, status: 'unanswered'}
    case 'edited': {
      if (!(action.field in state.fieldErrors)) return state
      const {[action.field]: _fixed, ...rest} = state.fieldErrors
      return {...state, fieldErrors: rest}
    }
  }
}
