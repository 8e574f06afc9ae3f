/** A field's message, referenced by the field's aria-describedby (see errorAttributes). */
export function FieldError({
  id,
  message,
  className = 'field-error',
}: {
  id: string
  message: string | undefined
  className?: string
}) {
  return message ? (
    <p id={id} className={className}>
      {message}
    </p>
  ) : null
}

/** The accessibility attributes of a field that may carry an error. */
export function errorAttributes(errorId: string, message: string | undefined, hintId?: string) {
  const describedBy = [hintId, message ? errorId : undefined].filter(Boolean).join(' ')
  return {'aria-invalid': message ? true : undefined, 'aria-describedby': describedBy || undefined}
}
