import {absoluteUrl} from './urls.ts'
import {escapeXml} from './xml.ts'

export interface FeedItem {
  title: string
  summary?: string | null
  path: string
  date: string
}

export interface FeedChannel {
  title: string
  description: string
  path: string
  feedPath: string
}

/** RSS 2.0 of the press posts, newest first whatever order they come in. */
export function rssXml(channel: FeedChannel, items: FeedItem[], siteUrl: string): string {
  const sorted = [...items].sort((a, b) => Date.parse(b.date) - Date.parse(a.date))
  const entries = sorted.map((item) => {
    const link = escapeXml(absoluteUrl(siteUrl, item.path))
    return [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${new Date(item.date).toUTCString()}</pubDate>`,
      item.summary ? `      <description>${escapeXml(item.summary)}</description>` : null,
      '    </item>',
    ]
      .filter((line) => line !== null)
      .join('\n')
  })
  const lastBuild = sorted[0]
    ? `    <lastBuildDate>${new Date(sorted[0].date).toUTCString()}</lastBuildDate>`
    : null
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(absoluteUrl(siteUrl, channel.path))}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    '    <language>ko</language>',
    `    <atom:link href="${escapeXml(absoluteUrl(siteUrl, channel.feedPath))}" rel="self" type="application/rss+xml"/>`,
    lastBuild,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n')
}
