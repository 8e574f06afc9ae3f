import {STARTUP_TEMPLATE_ID} from '../page-script/page-names.ts'

/**
 * React Router writes a page's startup into the prerendered HTML: a module preload link for
 * each module the page starts with (React puts them in <head>) and, at the end of the body,
 * its context script, its module script (the route modules, then the entry) and the scripts
 * that stream the page's data. Left there, the browser fetches those modules alongside the
 * first screen's stylesheets, fonts and pictures, on a phone's network a good part of what
 * the first screen waits for. The build moves all of it, unchanged and in its order, into
 * one <template> at the end of the body, where the browser neither fetches nor runs it; the
 * page script puts it in place once the first screen is shown (src/page-script/start-scripts.ts).
 */

/** React's rendering of React Router's module preload links. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"\/>/g
/** React Router's module script, and the context script it writes just before it. */
const MODULE_SCRIPT = '<script type="module"'
const CONTEXT_SCRIPT = '<script>'
const BODY_END = '</body>'

/** The page with React Router's startup held in a template; a page without one as it is. */
export function holdStartup(html: string): string {
  const moduleAt = html.indexOf(MODULE_SCRIPT)
  if (moduleAt === -1) {
    if (html.includes('<link rel="modulepreload"'))
      throw new Error('React Router의 모듈 미리 불러오기 링크는 있는데 시작 스크립트가 없습니다.')
    return html
  }
  if (html.includes(MODULE_SCRIPT, moduleAt + 1))
    throw new Error('페이지에 모듈 스크립트가 둘 이상 있습니다.')
  const contextAt = html.lastIndexOf(CONTEXT_SCRIPT, moduleAt)
  const context = html.slice(contextAt, moduleAt)
  if (contextAt === -1 || !context.endsWith('</script>') || context.indexOf('<script', 1) !== -1) {
    throw new Error('React Router의 컨텍스트 스크립트가 모듈 스크립트 바로 앞에 없습니다.')
  }
  const bodyEnd = html.lastIndexOf(BODY_END)
  if (bodyEnd < moduleAt) throw new Error('React Router의 시작 스크립트가 <body> 안에 없습니다.')
  const page = html.slice(0, contextAt)
  const preloads = page.match(MODULE_PRELOAD) ?? []
  const startup = preloads.join('') + html.slice(contextAt, bodyEnd)
  return `${page.replace(MODULE_PRELOAD, '')}<template id="${STARTUP_TEMPLATE_ID}">${startup}</template>${html.slice(bodyEnd)}`
}
