import {randomBytes} from 'node:crypto'
import {linkTarget} from '#schemas/rules/linkHref.ts'

/** A paragraph as the schema's rich text holds it. */
export interface TextBlock {
  _type: 'block'
  _key: string
  style: 'normal'
  markDefs: Array<{_type: 'link'; _key: string; href: string}>
  children: Array<{_type: 'span'; _key: string; text: string; marks: string[]}>
}

export type PressContent = {ok: true; blocks: TextBlock[]} | {ok: false; scheme: string}

/**
 * An address written in the text: a scheme at the start of a word, a colon, then printable
 * ASCII up to a space or a quote. Hangul right after an address ("https://…에서") is not
 * part of it.
 */
const ADDRESS = /(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]*):[\x21\x23-\x3b\x3d\x3f-\x7e]+/g

/**
 * Schemes that run a script or open a local document where a browser follows them. They
 * never become links (linkTarget decides what does); a post that spells one out is refused
 * rather than published with a dead address the author meant as a link.
 */
const REFUSED_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'file', 'blob'])

/**
 * Closing punctuation after an address belongs to the sentence, unless it closes a bracket of the
 * address.
 */
function withoutTrailingPunctuation(address: string): string {
  let end = address.length
  while (end > 0 && `.,;:!?'")]}`.includes(address[end - 1] ?? '')) {
    const body = address.slice(0, end)
    if (body.endsWith(')') && body.split('(').length > body.split(')').length - 1) break
    end--
  }
  return address.slice(0, end)
}

function key(): string {
  return randomBytes(6).toString('hex')
}

function paragraph(line: string): TextBlock | string {
  const block: TextBlock = {
    _type: 'block',
    _key: key(),
    style: 'normal',
    markDefs: [],
    children: [],
  }
  const text = (value: string) => {
    if (value) block.children.push({_type: 'span', _key: key(), text: value, marks: []})
  }
  let done = 0
  for (const match of line.matchAll(ADDRESS)) {
    const scheme = (match[1] ?? '').toLowerCase()
    if (REFUSED_SCHEMES.has(scheme)) return scheme
    const address = withoutTrailingPunctuation(match[0])
    const link = linkTarget(address)
    if (!link || link.kind === 'site') continue
    text(line.slice(done, match.index))
    const mark = key()
    block.markDefs.push({_type: 'link', _key: mark, href: link.href})
    block.children.push({_type: 'span', _key: key(), text: address, marks: [mark]})
    done = match.index + address.length
  }
  text(line.slice(done))
  return block
}

/**
 * The typed text of a press post as Portable Text: one paragraph per non-blank line, and
 * the web, e-mail and phone addresses in it (`https://…`, `mailto:…`, `tel:…`) as links,
 * as an editor would have made them in the Studio.
 */
export function pressContent(content: string): PressContent {
  const blocks: TextBlock[] = []
  for (const line of content.split('\n')) {
    const trimmed = line.trim()
    if (trimmed === '') continue
    const block = paragraph(trimmed)
    if (typeof block === 'string') return {ok: false, scheme: block}
    blocks.push(block)
  }
  return {ok: true, blocks}
}
