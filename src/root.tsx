import {useLayoutEffect, type ReactNode} from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useMatches,
  useRouteError,
  type LinksFunction,
} from 'react-router'
import {SiteLayout} from './components/layout/SiteLayout.tsx'
import {NotFoundView} from './components/layout/NotFoundView.tsx'
import {FONT_PRELOAD_HREFS} from './lib/fonts.ts'
import {IMAGE_ORIGIN} from './lib/images.ts'
import {loadRootData} from './lib/layout-data.ts'
import {siteClient} from './lib/sanity.ts'
import {HYDRATED} from './page-script/page-names.ts'
import {PreviewSwitch} from './preview/PreviewSwitch.tsx'
import {previewLoader} from './preview/preview-loader.ts'
import pageScript from 'virtual:page-script'
// One stylesheet for every public page's first paint: the base styles with those of the home
// page and of the pictures and tours several pages show (all scoped by their class names), so
// that no page waits for a second sheet before it is drawn.
import './styles/fonts.css'
import './styles/site.css'
import './styles/home.css'
import './styles/zoom.css'
import './styles/tour-frame.css'

export const loader = () => loadRootData(siteClient)
export const clientLoader = previewLoader<typeof loadRootData>('root')

export const links: LinksFunction = () => [
  ...FONT_PRELOAD_HREFS.map((href) => ({
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous' as const,
  })),
  // Every page's first pictures come from the image host: open the connection early.
  {rel: 'preconnect', href: IMAGE_ORIGIN},
  {rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml'},
  {rel: 'alternate', type: 'application/rss+xml', title: '보도자료', href: '/rss.xml'},
]

export function Layout({children}: {children: ReactNode}) {
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="format-detection" content="telephone=no" />
        <Meta />
        {/* Runs from the first paint, before any module: starts the app's scripts and keeps the
            visitor's first input for them (src/page-script/). Only the prerender writes it. */}
        <script
          dangerouslySetInnerHTML={{__html: import.meta.env.SSR ? pageScript : ''}}
          suppressHydrationWarning
        />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

/**
 * A route whose `handle` is `{standalone: true}` (the E-model tours, framed by other pages) has no
 * site frame.
 */
const isStandalone = (handle: unknown) =>
  (handle as {standalone?: boolean} | undefined)?.standalone === true

export default function Root() {
  const matches = useMatches()
  // In the update that attaches React's handlers, on every page: from then on a press is
  // React's, not one for the page script to keep (src/page-script/held-presses.ts). The
  // desktop menu opens on hover and focus from CSS alone until then.
  useLayoutEffect(() => {
    document.documentElement.setAttribute(HYDRATED, '')
  }, [])
  if (matches.some((match) => isStandalone(match.handle))) return <Outlet />
  return (
    <>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
      <PreviewSwitch />
    </>
  )
}

/** Shown while a page that was not generated at build time loads its data. */
export function HydrateFallback() {
  return (
    <main className="page-loading" aria-busy="true">
      <p>페이지를 불러오는 중입니다…</p>
    </main>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main">
        <NotFoundView />
      </main>
    )
  }
  return (
    <main id="main" className="error-page">
      <h1>일시적인 오류가 발생했습니다</h1>
      <p>잠시 후 다시 시도해 주세요.</p>
      <p>
        <a href="/">홈으로 가기</a>
      </p>
    </main>
  )
}
