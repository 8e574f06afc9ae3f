/** A form's field names to the Korean message each was refused with, in forms and answers. */
export type FieldErrors = Record<string, string>
