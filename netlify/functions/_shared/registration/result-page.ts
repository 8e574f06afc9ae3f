import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {REGISTRATION_RESULT_PATH} from '#shared/leads/registration-contract.ts'
import {
  RegistrationResultActions,
  RegistrationResultStatus,
} from '#src/components/registration/RegistrationResultView.tsx'
import {readRegistrationResult, type RegistrationResult} from '#src/lib/registration/result.ts'
import {
  barePage,
  htmlPage,
  readFromSite,
  readGeneratedPage,
  writeInto,
  type PageReader,
} from '../generated-page.ts'
import {methodNotAllowed} from '../http.ts'
import {SiteDirectory} from '../leads/sites.ts'

/** The generated result page, without an outcome: the page every outcome is written into. */
export const RESULT_SHELL_PATH = `${REGISTRATION_RESULT_PATH}/index.html`

const GENERAL = /<p class="registration-result-general">[\s\S]*?<\/p>/
const ACTIONS = /<p class="registration-result-actions">[\s\S]*?<\/p>/

const statusMarkup = (result: RegistrationResult | null) =>
  renderToStaticMarkup(createElement(RegistrationResultStatus, {result}))
const actionsMarkup = (result: RegistrationResult | null) =>
  renderToStaticMarkup(createElement(RegistrationResultActions, {result}))

/** The generated page with `result` written in; null for a page this code does not know. */
export function writeResult(shell: string, result: RegistrationResult | null): string | null {
  return writeInto(shell, [
    [GENERAL, statusMarkup(result)],
    [ACTIONS, actionsMarkup(result)],
  ])
}

export interface ResultPageDeps {
  sites?: SiteDirectory
  readPage?: PageReader
}

/**
 * GET /registration/result?status=…: where the register endpoint sends a form posted
 * without JavaScript. Only codes travel in the address (readRegistrationResult maps them to
 * our texts), so a crafted link cannot make the page say anything else.
 */
export function createResultPageHandler({
  sites = new SiteDirectory(),
  readPage = readFromSite,
}: ResultPageDeps = {}) {
  return async (req: Request): Promise<Response> => {
    if (req.method !== 'GET') return methodNotAllowed(['GET'])
    const url = new URL(req.url)
    const phone = await sites.phone().catch(() => null)
    const result = readRegistrationResult(url.search, phone)
    const shell = await readGeneratedPage(readPage, url, RESULT_SHELL_PATH)
    const page = shell && writeResult(shell.html, result)
    if (page) return htmlPage(page, shell.headers)
    return htmlPage(
      barePage('방문예약 신청 결과', statusMarkup(result) + actionsMarkup(result)),
      null,
    )
  }
}
