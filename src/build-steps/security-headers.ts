import {createHash} from 'node:crypto'
import {readdir, readFile, writeFile} from 'node:fs/promises'
import path from 'node:path'
import type {SanityClient} from '@sanity/client'
import {EMBED_HOSTS_QUERY} from '../lib/queries.ts'
import {TOUR_PATH_PREFIX} from '../lib/page-paths.ts'
import type {PublicConfig} from '../lib/public-config.ts'

/** The privacy-enhanced YouTube host every video of the site is embedded from. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com'

const SANITY_HOSTED_API = (projectId: string) => `https://${projectId}.api.sanity.io`
const SANITY_IMAGE_CDN = 'https://cdn.sanity.io'

/** Directives no page may relax; also what every address gets before any page rule. */
export const BASE_POLICY = ["object-src 'none'", "base-uri 'self'", "form-action 'self'"]

/**
 * No page is framed, but the E-model tours, which the site's own pages frame. Framing is
 * ruled per page only: a host that merges matching rules would enforce the strictest, so
 * the rule for every address leaves it to X-Frame-Options (netlify.toml: DENY), which
 * browsers ignore where a page's policy names frame-ancestors.
 */
const NOT_FRAMED = "frame-ancestors 'none'"
const FRAMED_BY_SITE = "frame-ancestors 'self'"

export interface PolicySources {
  /** Origins the site reads content and images from. */
  contentOrigins: string[]
  /**
   * Sources of the frames the content needs: the site's own tours, the video host if a video is on
   * YouTube.
   */
  frameSources: string[]
  /** Only on an https site: locally everything is http and must stay so. */
  upgradeInsecureRequests: boolean
}

export function contentOrigins(config: PublicConfig): string[] {
  return config.apiHost
    ? [new URL(config.apiHost).origin]
    : [SANITY_HOSTED_API(config.projectId), SANITY_IMAGE_CDN]
}

/**
 * What the content frames: the site's own tour pages, and YouTube only while a video of the content
 * is there.
 */
export function frameSources({
  youtubeVideos,
  tours,
}: {
  youtubeVideos: number
  tours: number
}): string[] {
  const sources = [
    ...(tours > 0 ? ["'self'"] : []),
    ...(youtubeVideos > 0 ? [VIDEO_EMBED_ORIGIN] : []),
  ]
  return sources.length > 0 ? sources : ["'none'"]
}

/**
 * The E-model tour pages: framed by the site's pages, and their viewer draws pictures it fetched
 * through blob: addresses.
 */
export function isTourPage(relativeFile: string): boolean {
  return relativeFile.split(path.sep)[0] === TOUR_PATH_PREFIX.replaceAll('/', '')
}

/** The sha256 source expressions of a page's inline scripts (JSON-LD included; harmless). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? ''
    if (body.trim() === '') continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

export function pagePolicy(
  scriptHashes: readonly string[],
  sources: PolicySources,
  {tour = false}: {tour?: boolean} = {},
): string {
  const content = sources.contentOrigins.join(' ')
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // React sets style attributes (e.g. image aspect ratios); scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${tour ? 'blob: ' : ''}${content}`,
    "font-src 'self'",
    `connect-src 'self' ${content}`,
    `frame-src ${sources.frameSources.join(' ')}`,
    // Videos and their captions come from the content host.
    `media-src 'self' ${content}`,
    "manifest-src 'self'",
    "worker-src 'none'",
    tour ? FRAMED_BY_SITE : NOT_FRAMED,
    ...BASE_POLICY,
    ...(sources.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

const STAFF_WORKSPACE = '/admin/leads'

/** Powerful features no page uses. */
const NO_FEATURES = 'microphone=(), geolocation=(), payment=(), usb=()'

/**
 * The staff workspace scans visitors' QR codes with the device's camera; no other page may
 * use it. The rule for every address comes first with the camera off (pages served through
 * a rewrite have no rule of their own); where a host merges it with the workspace's rule,
 * the later value of a feature wins.
 */
export function permissionsPolicy(relativeFile: string): string {
  const camera = pathsOfPage(relativeFile)[0] === STAFF_WORKSPACE ? 'camera=(self)' : 'camera=()'
  return `${camera}, ${NO_FEATURES}`
}

/** The addresses one prerendered file answers at. */
export function pathsOfPage(relativeFile: string): string[] {
  const route = `/${relativeFile.split(path.sep).join('/')}`
    .replace(/index\.html$/, '')
    .replace(/\.html$/, '')
  if (route === '/') return ['/']
  const bare = route.replace(/\/$/, '')
  return [bare, `${bare}/`]
}

function headerBlock(paths: readonly string[], policy: string, permissions?: string): string {
  const features = permissions ? `  Permissions-Policy: ${permissions}\n` : ''
  return paths
    .map((address) => `${address}\n  Content-Security-Policy: ${policy}\n${features}`)
    .join('')
}

function withMetaPolicy(html: string, policy: string): string {
  // A meta policy cannot carry frame-ancestors (the header's base policy does).
  const metaPolicy = policy
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ')
  const tag = `<meta http-equiv="Content-Security-Policy" content="${metaPolicy}">`
  return html.includes('http-equiv="Content-Security-Policy"')
    ? html
    : html.replace(/<head>/, `<head>${tag}`)
}

/**
 * Gives every prerendered page its Content-Security-Policy: its own inline scripts by
 * hash (never 'unsafe-inline'), frames only from the hosts the content needs. The
 * policy goes into `_headers` for the page's addresses and, as a meta tag, into the page
 * itself, so a page still has it when served at an address the build did not know (the
 * 404 page, the SPA fallback for a post published later) or under a rewrite rule's
 * headers. The rule for every address comes first and holds only the base directives
 * (frame-ancestors works only as a header), so whether a host merges or overrides
 * matching rules, no page loses its policy.
 */
export async function writeSecurityHeaders(
  clientDir: string,
  client: SanityClient,
  config: PublicConfig,
): Promise<void> {
  const sources: PolicySources = {
    contentOrigins: contentOrigins(config),
    frameSources: frameSources(await client.fetch(EMBED_HOSTS_QUERY)),
    upgradeInsecureRequests: config.siteUrl.startsWith('https:'),
  }
  const files = (await readdir(clientDir, {recursive: true}))
    .filter((file) => file.endsWith('.html'))
    .sort()
  const blocks = [headerBlock(['/*'], BASE_POLICY.join('; '), permissionsPolicy('404.html'))]
  for (const file of files) {
    const full = path.join(clientDir, file)
    const html = await readFile(full, 'utf8')
    const policy = pagePolicy(inlineScriptHashes(html), sources, {tour: isTourPage(file)})
    await writeFile(full, withMetaPolicy(html, policy))
    if (file !== '404.html' && file !== '__spa-fallback.html')
      blocks.push(headerBlock(pathsOfPage(file), policy, permissionsPolicy(file)))
  }
  await writeFile(path.join(clientDir, '_headers'), blocks.join('\n'))
}
