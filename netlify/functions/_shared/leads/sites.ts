import {defineQuery} from 'groq'
import {createLakeQuery} from '#shared/lake-query.ts'
import {readConfig} from '#config/settings.ts'

export interface SiteInfo {
  sites: ReadonlySet<string>
  defaultSite: string | null
  /** The main phone number, offered when a lead cannot be stored. */
  phone: string | null
}

/** What the register function needs to know about the sites. */
export const REGISTER_SITES_QUERY = defineQuery(`{
  "sites": *[_type == "site" && defined(slug.current)].slug.current,
  "defaultSite": *[_id == "siteSettings"][0].defaultSite->slug.current,
  "phone": *[_id == "siteSettings"][0].phone
}`)

/** Stands in for the default site when neither the form nor a readable lake names one. */
export const UNASSIGNED_SITE = 'unassigned'

export type SiteLoader = () => Promise<SiteInfo>

const RETRY_AFTER_FAILURE_MS = 10_000

/**
 * Reads the sites from the Content Lake (or Sanity's API in production), within 2 s: a
 * registration waits on it, and the directory falls back to what it has.
 */
export async function lakeSiteLoader(timeoutMs = 2000): Promise<SiteInfo> {
  const result = await createLakeQuery(readConfig(process.env), timeoutMs).fetch(
    REGISTER_SITES_QUERY,
  )
  const sites = (result.sites ?? []).filter((slug): slug is string => slug !== null)
  return {
    sites: new Set(sites),
    defaultSite: result.defaultSite ?? null,
    phone: result.phone ?? null,
  }
}

export type SiteResolution =
  {ok: true; site: string; phone: string | null} | {ok: false; phone: string | null}

/**
 * The site list, cached for a minute (sites change rarely, registrations come in
 * bursts). A lead is worth more than the check: when the lake cannot be read and
 * nothing is cached, a well-formed site is taken as given rather than turning the
 * visitor away.
 */
export class SiteDirectory {
  private cached: {info: SiteInfo; at: number} | null = null
  private failedAt = -Infinity

  constructor(
    private readonly load: SiteLoader = lakeSiteLoader,
    private readonly ttlMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  private async info(): Promise<SiteInfo | null> {
    const now = this.clock()
    if (this.cached && now - this.cached.at < this.ttlMs) return this.cached.info
    // After a failed read, wait a little before the next one rather than slowing every visitor
    // down.
    if (now - this.failedAt < RETRY_AFTER_FAILURE_MS) return this.cached?.info ?? null
    try {
      this.cached = {info: await this.load(), at: now}
    } catch (error) {
      this.failedAt = now
      console.error('register: could not read the sites, using what is cached', error)
    }
    return this.cached?.info ?? null
  }

  /** Every site's path segment, or null when the lake cannot be read and nothing is cached. */
  async slugs(): Promise<ReadonlySet<string> | null> {
    return (await this.info())?.sites ?? null
  }

  async phone(): Promise<string | null> {
    return (await this.info())?.phone ?? null
  }

  /** The requested site (format already checked) if it exists, else the default site. */
  async resolve(requested: string | undefined): Promise<SiteResolution> {
    const info = await this.info()
    if (!info) return {ok: true, site: requested ?? UNASSIGNED_SITE, phone: null}
    const site = requested ?? info.defaultSite ?? UNASSIGNED_SITE
    if (requested && !info.sites.has(requested)) return {ok: false, phone: info.phone}
    return {ok: true, site, phone: info.phone}
  }
}
