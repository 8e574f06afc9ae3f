/**
 * The prerendered page's scripts start once the page is on screen. React Router writes a
 * `<link rel="modulepreload">` for every module of the page and a module script that
 * imports them; the browser fetches all of it alongside the stylesheets and the first
 * pictures, on a phone's network a good part of what the first screen waits for. Here
 * both become one small module script that starts the same imports once the page's main
 * picture is decoded and drawn and the first screen has settled, or at once when the
 * visitor touches, clicks or types first, or when the page is opened in the background and
 * draws no frame. The page reads and scrolls without scripts meanwhile: it is complete
 * HTML. The same start fetches the data the page hydrates with, which the build keeps out
 * of the page (hydration-data.ts).
 */

const STARTUP_SCRIPT = '<script type="module" async>'
/**
 * React Router's startup as it writes it at the end of the body: its modulepreload links
 * together, its context script, its module script.
 */
const STARTUP = /((?:<link rel="modulepreload" href="[^"]+"\/>)+)(<script>window\.__reactRouterContext = [^<]*<\/script>)<script type="module" async>([\s\S]*?)<\/script>/
const PRELOAD_HREF = /<link rel="modulepreload" href="([^"]+)"\/>/g

/** React Router's startup: side-effect imports, route module imports, the route table, the entry. */
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/
const ROUTE_TABLE = /^window\.__reactRouterRouteModules = (\{[^;]*\});$/
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/

const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart']

interface Startup {
  imports: {binding: string | null; href: string}[]
  routeTable: string
  entry: string
}

function parseStartup(script: string): Startup {
  const startup: Startup = {imports: [], routeTable: '', entry: ''}
  for (const statement of script.split(/(?<=;)\s+/).map((part) => part.trim()).filter(Boolean)) {
    const sideEffect = SIDE_EFFECT_IMPORT.exec(statement)
    const route = ROUTE_IMPORT.exec(statement)
    const table = ROUTE_TABLE.exec(statement)
    const entry = ENTRY_IMPORT.exec(statement)
    if (sideEffect) startup.imports.push({binding: null, href: sideEffect[1]!})
    else if (route) startup.imports.push({binding: route[1]!, href: route[2]!})
    else if (table) startup.routeTable = table[1]!
    else if (entry) startup.entry = entry[1]!
    else throw new Error(`React Router의 시작 스크립트에 모르는 문장이 있습니다: ${statement.slice(0, 120)}`)
  }
  if (!startup.routeTable || !startup.entry) throw new Error('React Router의 시작 스크립트에 경로 모듈 표나 진입 모듈이 없습니다.')
  return startup
}

/**
 * How long after its first frame the page leaves the main thread to the first screen: the
 * frames that show it and reach the screen, its pictures' decoding, the web fonts' swap.
 * It is also where the scripts had started all along: the main picture was mistaken for
 * the header's logo, and the start fell back to this wait after the logo's frame.
 */
const FIRST_SCREEN_SETTLE_MS = 1000

/** How often the page asks again for its hydration data when the network fails it. */
const DATA_ATTEMPTS = 5

/**
 * Feeds React Router's context stream from the page's data file (hydration-data.ts); until
 * it has, React Router waits and the page stays as prerendered. A failed fetch is tried
 * again a few times, waiting longer each time.
 */
function dataLoader(dataHref: string): string[] {
  return [
    'const loadData = (attempt) =>',
    `  fetch(${JSON.stringify(dataHref)})`,
    '    .then((answer) => (answer.ok ? answer.text() : Promise.reject(new Error(String(answer.status)))))',
    '    .then(',
    '      (data) => {',
    '        window.__reactRouterContext.streamController.enqueue(data);',
    '        window.__reactRouterContext.streamController.close();',
    '      },',
    `      () => { if (attempt < ${DATA_ATTEMPTS}) setTimeout(() => loadData(attempt + 1), 500 * 2 ** attempt); },`,
    '    );',
  ]
}

function startupScript({imports, routeTable, entry}: Startup, preloads: string[], dataHref: string | undefined): string {
  const bindings = imports.map((module) => module.binding ?? '').join(', ')
  const moduleImports = imports.map((module) => `import(${JSON.stringify(module.href)})`).join(', ')
  return [
    `const inputEvents = ${JSON.stringify(INPUT_EVENTS)};`,
    ...(dataHref ? dataLoader(dataHref) : []),
    'let started = false;',
    'const start = () => {',
    '  if (started) return;',
    '  started = true;',
    '  for (const type of inputEvents) removeEventListener(type, start, true);',
    ...(dataHref ? ['  loadData(1);'] : []),
    `  Promise.all([${moduleImports}]).then(([${bindings}]) => {`,
    `    window.__reactRouterRouteModules = ${routeTable};`,
    `    import(${JSON.stringify(entry)});`,
    '  });',
    // Where React Router rendered them, before its context script, so that hydration finds
    // them there. One a task: the browser starts a module's fetch as its link is inserted,
    // and a page's eight links inserted at once held a slow phone's main thread for ~30 ms.
    "  const contextScript = document.querySelector('script[type=module]').previousElementSibling;",
    `  for (const href of ${JSON.stringify(preloads)}) {`,
    '    setTimeout(() => {',
    "      const link = document.createElement('link');",
    "      link.rel = 'modulepreload';",
    '      link.href = href;',
    '      contextScript.before(link);',
    '    });',
    '  }',
    '};',
    'for (const type of inputEvents) addEventListener(type, start, {capture: true, passive: true});',
    // The page's main picture is in <main>: the header's logo is fetched early too, but the
    // drawn logo is not the page's first screen.
    "const hero = document.querySelector('main img[fetchpriority=high]');",
    "if (document.visibilityState === 'hidden') start();",
    'else {',
    '  const afterNextFrame = (wait) => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, wait)));',
    `  const settled = afterNextFrame(${FIRST_SCREEN_SETTLE_MS});`,
    // The frame after the main picture is decoded draws it; a page without one has its
    // first content in the first frame.
    '  const drawn = Promise.resolve(hero?.decode()).catch(() => {}).then(() => afterNextFrame(0));',
    '  Promise.all([drawn, settled]).then(start);',
    '}',
  ].join('\n')
}

/**
 * The page with its scripts starting once its first screen is shown, and fetching the page's
 * hydration data from `dataHref` when the build has moved it out of the page. A page
 * without React Router's startup is returned as it is.
 */
export function deferStartup(html: string, dataHref?: string): string {
  if (!html.includes(STARTUP_SCRIPT)) {
    if (dataHref) throw new Error('React Router의 데이터는 있는데 시작 스크립트가 없습니다.')
    return html
  }
  const startup = STARTUP.exec(html)
  if (!startup) throw new Error('React Router의 모듈 미리 불러오기 링크가 시작 스크립트 앞에 없습니다.')
  const [whole, links, context, script] = startup as unknown as [string, string, string, string]
  const preloads = [...links.matchAll(PRELOAD_HREF)].map((match) => match[1]!)
  return html.replace(whole, () => `${context}<script type="module">${startupScript(parseStartup(script), preloads, dataHref)}</script>`)
}
