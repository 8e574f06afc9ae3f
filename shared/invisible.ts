/**
 * Characters that show nothing: whitespace, format characters (Unicode Cf: zero-width
 * spaces and joiners, bidi controls, the byte-order mark) and the other default-ignorable
 * ones (the Hangul fillers, variation selectors). A field made only of them looks empty,
 * and a run of them hides what follows from a reader, not from a spreadsheet.
 */
export const INVISIBLE_CLASS = String.raw`\s\p{Cf}\p{Default_Ignorable_Code_Point}`

const ONLY_INVISIBLE = new RegExp(`^[${INVISIBLE_CLASS}]*$`, 'u')

/** Whether `text` shows nothing at all when written out. */
export const looksEmpty = (text: string): boolean => ONLY_INVISIBLE.test(text)
