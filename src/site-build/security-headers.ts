import {createHash} from 'node:crypto'
import {readdir, readFile, writeFile} from 'node:fs/promises'
import path from 'node:path'
import type {SanityClient} from '@sanity/client'
import {EMBED_HOSTS_QUERY} from '../lib/queries.ts'
import type {PublicSiteConfig} from '../lib/site-config.ts'

/** The privacy-enhanced YouTube host every video of the site is embedded from. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com'

const SANITY_HOSTED_API = (projectId: string) => `https://${projectId}.api.sanity.io`
const SANITY_IMAGE_CDN = 'https://cdn.sanity.io'

/** Directives no page may relax; also what every address gets before any page rule. */
export const BASE_POLICY = ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]

export interface PolicySources {
  /** Origins the site reads content and images from. */
  contentOrigins: string[]
  /** Origins of the video and virtual-tour frames named in the content. */
  frameOrigins: string[]
  /** Only on an https site: locally everything is http and must stay so. */
  upgradeInsecureRequests: boolean
}

export function contentOrigins(config: PublicSiteConfig): string[] {
  return config.apiHost
    ? [new URL(config.apiHost).origin]
    : [SANITY_HOSTED_API(config.projectId), SANITY_IMAGE_CDN]
}

/** Frame origins from the tour addresses in the content plus the video host. */
export function frameOrigins(tourUrls: readonly (string | null)[]): string[] {
  const origins = new Set([VIDEO_EMBED_ORIGIN])
  for (const url of tourUrls) {
    if (!url) continue
    try {
      const {origin, protocol} = new URL(url)
      if (protocol === 'https:') origins.add(origin)
    } catch {
      // The Studio validates addresses; a broken one simply gets no frame permission.
    }
  }
  return [...origins].sort()
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

export function pagePolicy(scriptHashes: readonly string[], sources: PolicySources): string {
  const content = sources.contentOrigins.join(' ')
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    // React sets style attributes (e.g. image aspect ratios); scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${content}`,
    "font-src 'self'",
    `connect-src 'self' ${content}`,
    `frame-src ${sources.frameOrigins.join(' ')}`,
    "media-src 'self'",
    "manifest-src 'self'",
    "worker-src 'none'",
    ...BASE_POLICY,
    ...(sources.upgradeInsecureRequests ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

/** The addresses one prerendered file answers at. */
export function pathsOfPage(relativeFile: string): string[] {
  const route = `/${relativeFile.split(path.sep).join('/')}`.replace(/index\.html$/, '').replace(/\.html$/, '')
  if (route === '/') return ['/']
  const bare = route.replace(/\/$/, '')
  return [bare, `${bare}/`]
}

function headerBlock(paths: readonly string[], policy: string): string {
  return paths.map((address) => `${address}\n  Content-Security-Policy: ${policy}\n`).join('')
}

function withMetaPolicy(html: string, policy: string): string {
  // A meta policy cannot carry frame-ancestors (the header's base policy does).
  const metaPolicy = policy
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ')
  const tag = `<meta http-equiv="Content-Security-Policy" content="${metaPolicy}">`
  return html.includes('http-equiv="Content-Security-Policy"') ? html : html.replace(/<head>/, `<head>${tag}`)
}

/**
 * Gives every prerendered page its Content-Security-Policy: its own inline scripts by
 * hash (never 'unsafe-inline'), frames only from the hosts the content names. The
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
  config: PublicSiteConfig,
): Promise<void> {
  const {tourUrls} = await client.fetch(EMBED_HOSTS_QUERY)
  const sources: PolicySources = {
    contentOrigins: contentOrigins(config),
    frameOrigins: frameOrigins(tourUrls),
    upgradeInsecureRequests: config.siteUrl.startsWith('https:'),
  }
  const files = (await readdir(clientDir, {recursive: true}))
    .filter((file) => file.endsWith('.html'))
    .sort()
  const blocks = [headerBlock(['/*'], BASE_POLICY.join('; '))]
  for (const file of files) {
    const full = path.join(clientDir, file)
    const html = await readFile(full, 'utf8')
    const policy = pagePolicy(inlineScriptHashes(html), sources)
    await writeFile(full, withMetaPolicy(html, policy))
    if (file !== '404.html' && file !== '__spa-fallback.html') blocks.push(headerBlock(pathsOfPage(file), policy))
  }
  await writeFile(path.join(clientDir, '_headers'), blocks.join('\n'))
}
