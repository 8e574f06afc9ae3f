import {randomUUID} from 'node:crypto'
import {
  TEXT_VARIABLES,
  VERIFICATION_KIND,
  withDataLink,
  type TextValues,
  type TextVariable,
} from '#shared/texts/render.ts'
import {CODE_MINUTES, REQUEST_KIND_LABELS, type RequestKind} from '#shared/visitor-data/contract.ts'
import {lakeTextContent, type TextContentLoader} from '../texts/content.ts'
import {dataPageLink, type NewText} from '../texts/outbox-rules.ts'
import {queueTexts, type ClaimedText} from '../texts/outbox-statements.ts'
import {sendClaimedText, type TextDeps} from '../texts/outbox-run.ts'
import {textProvider} from '../texts/provider.ts'
import type {CodePurpose, IssuedCode} from './codes.ts'

/*
 * The texts of the data page, written by the functions: the code (one short SMS: no link
 * beside a code, which is what phishing texts look like, and the page asking for it is open
 * already) and staff's answer to a request (ending with the data page's line like every
 * other text to a visitor).
 */

/** The name a text opens with: the site's, or its path segment when the lake cannot say. */
async function siteName(site: string, content: TextContentLoader): Promise<string> {
  try {
    return (await content()).sites.get(site)?.name || site
  } catch (error) {
    console.error('visitor data: the site name could not be read', error)
    return site
  }
}

const PURPOSE_WORDS: Record<CodePurpose, string> = {
  'sign-in': '내 정보 확인',
  'new-number': '연락처 변경',
}

/** The code's text, within an SMS's 90 bytes: what it is for, the code, how long it holds. */
export const codeText = (name: string, purpose: CodePurpose, code: string): string =>
  `[${name}] ${PURPOSE_WORDS[purpose]} 인증번호는 [${code}]입니다. ${CODE_MINUTES}분 안에 입력해 주세요.`

/** A text row's values: only what a code or an answer says (AlimTalk takes them as variables). */
const values = (extra: Partial<TextValues>): TextValues => ({
  ...(Object.fromEntries(TEXT_VARIABLES.map((name) => [name, ''])) as Record<TextVariable, string>),
  내정보: '',
  ...extra,
})

/**
 * Queues the code's text to `to` on the asking number's newest lead and sends it now. A
 * number unknown on the site (no lead) is not texted. Never throws: a code that did not go
 * is asked for again.
 */
export async function textCode(
  issued: IssuedCode,
  {site, to, purpose}: {site: string; to: string; purpose: CodePurpose},
  deps: TextDeps & {now: number},
): Promise<void> {
  if (!issued.leadId) return
  const {now, content = lakeTextContent} = deps
  try {
    const name = await siteName(site, content)
    const text: NewText = {
      id: randomUUID(),
      kind: VERIFICATION_KIND,
      revision: issued.id,
      lead_id: issued.leadId,
      recipient: to,
      body: codeText(name, purpose, issued.code),
      variables: values({단지: name}),
      due_at: new Date(now).toISOString(),
      fold_key: null,
    }
    await sendNow(await queueTexts([text], now), deps)
  } catch (error) {
    console.error('visitor data: the code could not be texted', error)
  }
}

/**
 * Sends what this caller claimed, through the deps' provider (or the environment's). Never
 * throws: a send it could not record is claimed again by the sweep once its lease ends.
 */
export async function sendNow(claimed: ClaimedText[], deps: TextDeps): Promise<void> {
  const provider = deps.provider ?? textProvider(deps.env)
  try {
    await Promise.all(
      claimed.map((one) => sendClaimedText(one, provider, deps.clock, deps.content)),
    )
  } catch (error) {
    console.error('visitor data: a text could not be sent now; the sweep will', error)
  }
}

/** Staff's answer as the visitor's phone gets it. */
export async function answerText(
  {site, kind, answer, leadId}: {site: string; kind: RequestKind; answer: string; leadId: string},
  {content = lakeTextContent, env = process.env}: TextDeps,
): Promise<{body: string; variables: TextValues}> {
  const name = await siteName(site, content)
  const link = dataPageLink(site, leadId, env)
  return {
    body: withDataLink(
      `[${name}] 요청하신 개인정보 관련 문의(${REQUEST_KIND_LABELS[kind]})에 답변드립니다.\n${answer}`,
      link,
    ),
    variables: values({단지: name, 내정보: link}),
  }
}
