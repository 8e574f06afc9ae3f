import {describe, expect, it} from 'vitest'
import {
  INITIAL_REGISTRATION_STATE as idle,
  registrationReducer as reduce,
  type RegistrationFormState,
} from './form-state.ts'

const submitting = reduce(idle, {type: 'submit'})

describe('registrationReducer', () => {
  it('goes from idle to submitting and then to exactly one result', () => {
    expect(submitting.status).toBe('submitting')
    expect(reduce(submitting, {type: 'accepted', receipt: 'R-1'})).toEqual({
      status: 'accepted',
      receipt: 'R-1',
      fieldErrors: {},
      detail: null,
      slotFilled: false,
    })
    expect(
      reduce(submitting, {type: 'refused', fieldErrors: {phone: '형식'}, detail: null}),
    ).toMatchObject({status: 'refused', fieldErrors: {phone: '형식'}})
    expect(reduce(submitting, {type: 'unanswered'})).toEqual({
      status: 'unanswered',
      receipt: null,
      fieldErrors: {},
      detail: null,
      slotFilled: false,
    })
  })

  it('ignores a second submit while one is running', () => {
    expect(reduce(submitting, {type: 'submit'})).toBe(submitting)
    expect(reduce(submitting, {type: 'invalid', fieldErrors: {name: 'x'}})).toBe(submitting)
  })

  it('shows browser-side field errors without leaving idle', () => {
    expect(reduce(idle, {type: 'invalid', fieldErrors: {name: '이름'}})).toEqual({
      ...idle,
      fieldErrors: {name: '이름'},
    })
  })

  it('clears the previous result and errors when submitting again', () => {
    const failed = reduce(submitting, {
      type: 'refused',
      fieldErrors: {phone: '형식'},
      detail: '잠시 후',
    })
    expect(reduce(failed, {type: 'submit'})).toEqual(submitting)
  })

  it('says a refusal was a filled time until the next submission', () => {
    const filled = reduce(submitting, {
      type: 'refused',
      fieldErrors: {visitAt: '마감'},
      detail: null,
      slotFilled: true,
    })
    expect(filled.slotFilled).toBe(true)
    expect(reduce(filled, {type: 'submit'}).slotFilled).toBe(false)
  })

  it('drops only the edited field’s error and keeps the result message', () => {
    const failed: RegistrationFormState = {
      status: 'refused',
      receipt: null,
      fieldErrors: {name: 'a', phone: 'b'},
      detail: null,
      slotFilled: false,
    }
    expect(reduce(failed, {type: 'edited', field: 'phone'})).toEqual({
      ...failed,
      fieldErrors: {name: 'a'},
    })
    expect(reduce(failed, {type: 'edited', field: 'message'})).toBe(failed)
  })
})
