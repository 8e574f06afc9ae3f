/**
 * Which lines of the services' output (lake, build, netlify-cli, database) a person at
 * the console needs to see: the rest is the lake's request log and the build's progress.
 */

/** The build's list of the files it wrote (`…/FieldError-….js  0.31 kB`): names, not problems. */
const BUILD_FILE_LIST = /^\s*\S+\.\w+\s+[\d.,]+ kB\b/

/** A warning about this machine, not the project: a shell without the locale LC_ALL names. */
const MACHINE_NOISE = /^bash: warning: setlocale/

const relevant = (line: string) => !BUILD_FILE_LIST.test(line) && !MACHINE_NOISE.test(line)

/** An error or a failure (`TypeError: …`, `Build failed`). */
export function isError(line: string): boolean {
  return /error|fail/i.test(line) && relevant(line)
}

/** An error, a failure or a warning. */
export function isTrouble(line: string): boolean {
  return /error|fail|warn/i.test(line) && relevant(line)
}
