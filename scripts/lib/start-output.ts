/** Warnings about this machine, not the project: a shell without the locale LC_ALL names. */
const MACHINE_NOISE = /^bash: warning: setlocale/

/** Whole words only: the build lists modules such as FieldError-….js, which are no trouble. */
const TROUBLE = /\b(errors?|warn(ings?)?|fail(s|ed|ures?)?)\b/i

/** Whether a line of the services' output is one a person running `npm start` needs to see. */
export function isTrouble(line: string): boolean {
  return TROUBLE.test(line) && !MACHINE_NOISE.test(line)
}
