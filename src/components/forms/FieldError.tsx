/** A field's message, referenced by the field's aria-describedby (see errorAttributes). */
export function FieldError({
  id,
  message,
  className = 'field-error',
  announce = false,
}: {
  id: string
  message: string | null | undefined
  className?: string
  /** Announced as it appears: the one field of a step, whose error comes back from the server. */
  announce?: boolean
}) {
  return message ? (
    <p id={id} className={className} role={announce ? 'alert' : undefined}>
      {message}
    </p>
  ) : null
}

/** The accessibility attributes of a field that may carry an error. */
export function errorAttributes(
  errorId: string,
  message: string | null | undefined,
  hintId?: string,
) {
  const describedBy = [hintId, message ? errorId : undefined].filter(Boolean).join(' ')
  return {'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy || undefined}
}
