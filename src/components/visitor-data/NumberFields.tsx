import type {Ref} from 'react'
import {CODE_DIGITS} from '#shared/visitor-data/contract.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {formatPhoneInput} from '#src/lib/registration/format-phone-as-typed.ts'

/*
 * The two fields of every code the data page asks for: the mobile number it goes to, and the
 * code typed back. Each field's id is `{id}-phone` or `{id}-code`, its message's `…-error`.
 */

interface FieldProps {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error: string | undefined
}

/** A mobile number, hyphenated as it is typed; autofilled as the registration's is (tel). */
export function MobileNumberField({id, label, value, onChange, error}: FieldProps) {
  return (
    <div className="form-field">
      <label htmlFor={`${id}-phone`}>{label}</label>
      <input
        id={`${id}-phone`}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        placeholder="010-1234-5678"
        value={value}
        onChange={(event) => onChange(formatPhoneInput(event.target.value))}
        {...errorAttributes(`${id}-phone-error`, error)}
      />
      <FieldError id={`${id}-phone-error`} message={error} />
    </div>
  )
}

/** The texted code: digits only, offered by the phone's keyboard from the text (one-time-code). */
export function CodeField({
  id,
  label,
  value,
  onChange,
  error,
  inputRef,
}: FieldProps & {inputRef?: Ref<HTMLInputElement>}) {
  return (
    <div className="form-field">
      <label htmlFor={`${id}-code`}>
        {label} {CODE_DIGITS}자리
      </label>
      <input
        ref={inputRef}
        id={`${id}-code`}
        className="code-input"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_DIGITS + 1}
        value={value}
        onChange={(event) => onChange(event.target.value.replace(/[^\d]/g, ''))}
        {...errorAttributes(`${id}-code-error`, error)}
      />
      <FieldError id={`${id}-code-error`} message={error} />
    </div>
  )
}
