import type {SanityClient} from '@sanity/client'
import {serverClient} from './sanity.ts'

/**
 * Adds one view to a published press post in the Content Lake and returns the new
 * count, or null when no published press post has that id. One mutation with a query
 * selection: only a published press document matches (`path("*")` is an id without
 * dots: never a draft or a version, even for a client that sees them, nor another type), and the lake applies `inc` to the stored value, so concurrent views never
 * overwrite each other.
 */
export async function countView(
  id: string,
  client: SanityClient = serverClient(),
): Promise<number | null> {
  const patched: unknown = await client
    .patch({query: '*[_type == "press" && _id == $id && _id in path("*")]', params: {id}})
    .setIfMissing({views: 0})
    .inc({views: 1})
    .commit({returnDocuments: true, visibility: 'sync'})
  // A query selection answers the list of patched documents: empty when nothing matched.
  const post = (Array.isArray(patched) ? patched[0] : null) as {views?: unknown} | undefined | null
  if (!post) return null
  return typeof post.views === 'number' ? post.views : 0
}
