import path from 'node:path'
import type {Plugin} from 'vite'

/**
 * The built site runs on Preact's React compatibility layer instead of React, in the
 * prerender and in the browser: the components are the same, React Router's framework runs
 * unchanged, and the browser loads about 45 KB (gzip) less before a page answers input.
 * The development server and the unit tests keep React.
 */
const STAND_INS: Record<string, string> = {
  react: '\0site:react',
  'site:hydration': path.join(import.meta.dirname, '../lib/hydration.ts'),
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/compiler-runtime': 'preact/compat/compiler-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom': 'preact/compat',
  'react-dom/client': '\0site:react-dom-client',
  'react-dom/server': '\0site:react-dom-server',
}

const VIRTUAL_MODULES: Record<string, string> = {
  /*
   * React on Preact, with two of React's behaviours Preact's layer lacks:
   * - useSyncExternalStore takes the server snapshot in the prerender and while hydrating,
   *   then the store's own, as React does (a media query known only in the browser would
   *   otherwise make the first render differ from the prerendered HTML);
   * - React's suppressHydrationWarning prop, which React Router sets, is React's to read,
   *   not an attribute to write into the page.
   */
  '\0site:react': `
import {options} from 'preact'
import compat, {useEffect, useState, useSyncExternalStore as subscribeToStore} from 'preact/compat'
import {hydration} from 'site:hydration'
export * from 'preact/compat'

export function useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot) {
  const [fromServer, setFromServer] = useState(
    () => getServerSnapshot !== undefined && (typeof window === 'undefined' || hydration.active),
  )
  useEffect(() => {
    if (fromServer) setFromServer(false)
  }, [fromServer])
  return subscribeToStore(subscribe, fromServer ? getServerSnapshot : getSnapshot)
}

export default {...compat, useSyncExternalStore}

const previousHook = options.vnode
options.vnode = (vnode) => {
  if (typeof vnode.type === 'string' && 'suppressHydrationWarning' in vnode.props) delete vnode.props.suppressHydrationWarning
  previousHook?.(vnode)
}
`,
  /*
   * Hydrating the whole document, the one call React Router makes. Preact renders into a
   * document's <html> element, not the document, so the root layout's <html> stands for
   * that element (as a fragment). React waits on a root that suspends (React Router's does
   * while it decodes the page's data); Preact has no such root, and the root suspends before
   * it touches the DOM, so hydration starts again once the data is decoded, in a task of
   * its own: evaluating the modules and decoding the data already hold the main thread.
   * React Router creates its router in that pass too, then renders the page below it: the
   * page waits for the next task, a suspension thrown where that rendering begins (its
   * framework context), so that neither half holds the main thread for the whole.
   * Each pass is the page's first (src/lib/hydration.ts): the HydrateLater boundaries it
   * reaches follow in tasks of their own.
   */
  '\0site:react-dom-client': `
import {Fragment, options} from 'preact'
import {hydrate} from 'preact/compat'
import {createRoot} from 'preact/compat/client'
import {UNSAFE_FrameworkContext} from 'react-router'
import {hydrateFirstPass} from 'site:hydration'
export {createRoot}
export function hydrateRoot(container, children) {
  const wholeDocument = container.nodeType === Node.DOCUMENT_NODE
  if (wholeDocument) {
    // The build's meta Content-Security-Policy is in no component: Preact would take it for
    // the page's first meta tag and move every later head element a place, stylesheets
    // included. A policy stays in force when its meta tag leaves the document.
    document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.remove()
  }
  let routerReady = false
  const previousHook = options.vnode
  options.vnode = (vnode) => {
    if (wholeDocument && vnode.type === 'html') vnode.type = Fragment
    if (!routerReady && vnode.type === UNSAFE_FrameworkContext.Provider) {
      routerReady = true
      throw Promise.resolve()
    }
    previousHook?.(vnode)
  }
  const attempt = () => {
    try {
      hydrateFirstPass(() => hydrate(children, container))
    } catch (thrown) {
      if (typeof thrown?.then !== 'function') throw thrown
      const inNextTask = () => setTimeout(attempt)
      thrown.then(inNextTask, inNextTask)
    }
  }
  attempt()
  return createRoot(container)
}
`,
  /*
   * The prerender's renderer: the whole document once every Suspense boundary has resolved,
   * which is all the site's entry.server.tsx asks of React's stream.
   */
  '\0site:react-dom-server': `
import {renderToStringAsync} from 'preact-render-to-string'
import {markBoundariesInPrerender} from 'site:hydration'
markBoundariesInPrerender()
export function renderToPipeableStream(element, options) {
  let html = ''
  renderToStringAsync(element).then(
    (rendered) => {
      // What a Suspense boundary held when it resolved comes after the document; it belongs
      // at the end of the body.
      const [, document = rendered, resolved = ''] = /^([\\s\\S]*?<\\/body><\\/html>)([\\s\\S]*)$/.exec(rendered) ?? []
      const whole = resolved ? document.replace('</body></html>', resolved + '</body></html>') : document
      html = whole.startsWith('<html') ? '<!DOCTYPE html>' + whole : whole
      options.onAllReady?.()
    },
    (error) => options.onShellError?.(error),
  )
  return {
    pipe(writable) {
      writable.end(html)
      return writable
    },
    abort() {},
  }
}
`,
}

export function preactBuild(): Plugin {
  return {
    name: 'site:preact-build',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      // Bundled, not loaded from node_modules at prerender time, so that React Router and the
      // React libraries import the stand-ins too.
      ssr: {noExternal: ['react-router', '@portabletext/react', '@portabletext/toolkit']},
    }),
    resolveId(source, importer, options) {
      const standIn = STAND_INS[source]
      if (!standIn) return undefined
      if (standIn in VIRTUAL_MODULES) return standIn
      return this.resolve(standIn, importer, {...options, skipSelf: true})
    },
    load: (id) => VIRTUAL_MODULES[id],
  }
}
