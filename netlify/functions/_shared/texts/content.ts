import {defineQuery} from 'groq'
import {readConfig} from '../../../../config/defaults.ts'
import {createLakeQuery} from '../../../../config/lake-query.ts'
import type {TextKind} from '../../../../shared/texts/render.ts'

/** What texts are made of, from the Studio: the templates, and each site's name and model house. */
export interface TextContent {
  templates: Partial<Record<TextKind, string>>
  sites: ReadonlyMap<string, SiteText>
}

export interface SiteText {
  name: string
  address: string | null
  mapUrl: string | null
}

export const TEXT_CONTENT_QUERY = defineQuery(`{
  "templates": *[_id == "textTemplates"][0]{confirmation, acknowledgement, reminder, cancelled, moved},
  "sites": *[_type == "site" && defined(slug.current)]{
    "slug": slug.current, name, "address": modelHouse.address, "mapUrl": modelHouse.mapUrl
  }
}`)

export type TextContentLoader = () => Promise<TextContent>

/**
 * Reads the templates and sites from the Content Lake (Sanity's API in production)
 * within 2 s. The model house (`site.modelHouse`) is optional here: a site without one
 * renders `#{주소}` and `#{지도}` empty rather than sending nothing.
 */
export const lakeTextContent: TextContentLoader = async () => {
  const result = await createLakeQuery(readConfig(process.env), 2000).fetch(TEXT_CONTENT_QUERY)
  const templates = Object.fromEntries(
    Object.entries(result.templates ?? {}).filter(([, value]) => typeof value === 'string'),
  ) as Partial<Record<TextKind, string>>
  // Typed loosely on purpose: the model house's fields arrive with the visit bookings' schema.
  const sites = (result.sites ?? []) as {
    slug: string | null
    name: string | null
    address?: string | null
    mapUrl?: string | null
  }[]
  return {
    templates,
    sites: new Map(
      sites
        .filter((site) => site.slug)
        .map((site) => [
          site.slug!,
          {name: site.name ?? '', address: site.address ?? null, mapUrl: site.mapUrl ?? null},
        ]),
    ),
  }
}
