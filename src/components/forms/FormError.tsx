/** A form's own error (not one field's), announced as it appears. */
export function FormError({message}: {message: string | null | undefined}) {
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null
}
