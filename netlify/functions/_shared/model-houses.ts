import {defineQuery} from 'groq'
import {createLakeQuery} from '#shared/lake-query.ts'
import {readConfig} from '#config/settings.ts'
import {scheduleOf, type VisitSchedule} from '#shared/visits/schedule.ts'

/** Every site with its model house (null when it takes no bookings). */
export const MODEL_HOUSES_QUERY = defineQuery(`*[_type == "site" && defined(slug.current)]{
  "slug": slug.current, name, modelHouse
}`)

export interface ModelHouse {
  address: string
  mapUrl: string | null
  schedule: VisitSchedule
}

export interface SiteHouse {
  site: string
  siteName: string
  /** Null: the site takes no visit bookings. */
  house: ModelHouse | null
}

export type HouseLoader = () => Promise<SiteHouse[]>

/**
 * Reads the model houses from the Content Lake (Sanity's API in production), within 2 s,
 * with the functions' plain GET reader (shared/lake-query.ts explains why not the SDK).
 */
export async function lakeHouseLoader(timeoutMs = 2000): Promise<SiteHouse[]> {
  const rows = await createLakeQuery(readConfig(process.env), timeoutMs).fetch(MODEL_HOUSES_QUERY)
  return rows.flatMap((row): SiteHouse[] =>
    row.slug
      ? [
          {
            site: row.slug,
            siteName: row.name ?? row.slug,
            house: row.modelHouse?.address
              ? {
                  address: row.modelHouse.address,
                  mapUrl: row.modelHouse.mapUrl ?? null,
                  schedule: scheduleOf(row.modelHouse),
                }
              : null,
          },
        ]
      : [],
  )
}

/**
 * The model houses, cached briefly: an editor's change shows within half a minute, and a
 * burst of visitors costs one lake read. When the lake cannot be read, what is cached
 * stays in use; with nothing cached the caller answers 503.
 */
export class ModelHouses {
  private cached: {houses: Map<string, SiteHouse>; at: number} | null = null
  private loading: Promise<Map<string, SiteHouse>> | null = null

  constructor(
    private readonly load: HouseLoader = lakeHouseLoader,
    private readonly ttlMs = 30_000,
    private readonly clock: () => number = Date.now,
  ) {}

  private async houses(): Promise<Map<string, SiteHouse>> {
    const now = this.clock()
    if (this.cached && now - this.cached.at < this.ttlMs) return this.cached.houses
    this.loading ??= this.load()
      .then((list) => {
        const houses = new Map(list.map((entry) => [entry.site, entry]))
        this.cached = {houses, at: now}
        return houses
      })
      .finally(() => {
        this.loading = null
      })
    try {
      return await this.loading
    } catch (error) {
      if (!this.cached) throw error
      console.error('visits: could not read the model houses, using what is cached', error)
      return this.cached.houses
    }
  }

  /** The site and its model house, or null for a site that does not exist. */
  async get(site: string): Promise<SiteHouse | null> {
    return (await this.houses()).get(site) ?? null
  }

  /** Every site, with its model house or none. */
  async all(): Promise<SiteHouse[]> {
    return [...(await this.houses()).values()]
  }
}
