import type {SanityClient} from '@sanity/client'
import {sql} from './database.ts'
import {serverClient} from './sanity.ts'

/** A published document's id: never a draft (`drafts.…`), a version or another dotted id. */
export const PUBLISHED_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/

/** A published post stays one for minutes; deleting one is rare and costs a few stray views. */
const PUBLISHED_FOR_MS = 5 * 60 * 1000
/** A post published a moment ago is counted within seconds. */
const UNKNOWN_FOR_MS = 10 * 1000
/** Enough for every post; past it the cache starts over rather than grow with made-up ids. */
const CACHE_MAX = 5000

const checked = new Map<string, {published: boolean; until: number}>()

/**
 * Whether a published press post has this id, read from the Content Lake and remembered for
 * a while, so that a view costs the lake a read only now and then (never a write).
 */
export async function isPublishedPress(
  id: string,
  client: SanityClient = serverClient(),
  now = Date.now(),
): Promise<boolean> {
  const known = checked.get(id)
  if (known && known.until > now) return known.published
  // `path("*")` is an id without dots: never a draft or a version, even for a client that sees
  // them.
  const published = await client.fetch<boolean>(
    'count(*[_type == "press" && _id == $id && _id in path("*")]) > 0',
    {id},
  )
  if (checked.size >= CACHE_MAX) checked.clear()
  checked.set(id, {published, until: now + (published ? PUBLISHED_FOR_MS : UNKNOWN_FOR_MS)})
  return published
}

/**
 * Adds one view to a published press post and returns the new count, or null when no
 * published press post has that id. The count is a row of the database, one statement
 * per view: the content dataset never changes on a view, so no webhook fires and no
 * build starts, and concurrent views add up under the row's lock.
 */
export async function countView(id: string, client?: SanityClient): Promise<number | null> {
  if (!PUBLISHED_ID.test(id) || !(await isPublishedPress(id, client))) return null
  const [row] = await sql()<{views: number}>`
    INSERT INTO press_views (post_id, views) VALUES (${id}, 1)
    ON CONFLICT (post_id) DO UPDATE SET views = press_views.views + 1, updated_at = now()
    RETURNING views`
  return row?.views ?? null
}

/** The view counts of these posts; a post nobody opened yet has 0. */
export async function readViews(ids: readonly string[]): Promise<Record<string, number>> {
  const rows = await sql()<{post_id: string; views: number}>`
    SELECT post_id, views FROM press_views WHERE post_id = ANY(${[...ids]}::text[])`
  const views: Record<string, number> = Object.fromEntries(ids.map((id) => [id, 0]))
  for (const row of rows) views[row.post_id] = row.views
  return views
}
