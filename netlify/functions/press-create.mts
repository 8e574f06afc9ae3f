import type {Config, Context} from '@netlify/functions'
import {auditStaffRefusal} from './_shared/gates/signed-in.ts'
import {seesSite, staffRequest} from './_shared/gates/staff.ts'
import {asRecord, fail, json, readJsonBody} from './_shared/http.ts'
import type {FieldErrors} from '#shared/field-errors.ts'
import {pressContent, type TextBlock} from './_shared/press-content.ts'
import {serverClient} from './_shared/sanity.ts'
import {stripControls} from './_shared/control-characters.ts'
import {throughEdgeOnly} from './_shared/gates/visitor.ts'

/** Publishes a press post from the form on the press page (staff, for the sites they see). */

const LIMITS = {title: 100, summary: 300, content: 20_000}
const SITE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const REQUIRED_MESSAGE = '제목과 요약은 필수입니다!'

interface PressInput {
  site: string
  title: string
  summary: string
  content: string
}

/** Characters as people count them (a Hangul syllable or an emoji is one). */
function length(text: string): number {
  return [...text].length
}

function text(value: unknown): string {
  return typeof value === 'string'
    ? stripControls(value.replace(/\r\n?/g, '\n'), '\t\n').trim()
    : ''
}

function validate(body: Record<string, unknown> | null): {
  input: PressInput
  blocks: TextBlock[]
  error: string | null
  fields: FieldErrors
} {
  const input: PressInput = {
    site: text(body?.site),
    // A title and a summary are one line each in the list and the page head.
    title: text(body?.title).replace(/\s+/g, ' '),
    summary: text(body?.summary).replace(/\s+/g, ' '),
    content: text(body?.content),
  }
  const fields: FieldErrors = {}
  if (!SITE_SLUG.test(input.site)) fields.site = '사이트를 찾을 수 없습니다.'
  if (!input.title) fields.title = '제목을 입력해 주세요.'
  else if (length(input.title) > LIMITS.title)
    fields.title = `제목은 ${LIMITS.title}자 이내로 입력해 주세요.`
  if (!input.summary) fields.summary = '요약을 입력해 주세요.'
  else if (length(input.summary) > LIMITS.summary)
    fields.summary = `요약은 ${LIMITS.summary}자 이내로 입력해 주세요.`
  // Content in another shape (say Portable Text blocks) would otherwise be dropped while the post
  // is published.
  if (body?.content != null && typeof body.content !== 'string')
    fields.content = '내용 형식이 올바르지 않습니다.'
  else if (length(input.content) > LIMITS.content)
    fields.content = `내용은 ${LIMITS.content.toLocaleString('ko-KR')}자 이내로 입력해 주세요.`
  const content = pressContent(input.content)
  if (!content.ok) {
    fields.content ??=
      `${content.scheme}: 로 시작하는 주소는 넣을 수 없습니다. ` +
      '링크는 http://, https://, mailto:, tel: 로 시작하는 주소만 쓸 수 있습니다.'
  }
  const error =
    !input.title || !input.summary
      ? REQUIRED_MESSAGE
      : Object.keys(fields).length > 0
        ? '입력 내용을 확인해 주세요.'
        : null
  return {input, blocks: content.ok ? content.blocks : [], error, fields}
}

export default throughEdgeOnly(async (req: Request, context: Context): Promise<Response> => {
  const gate = await staffRequest(req, context, 'POST')
  if (!gate.ok) return gate.response
  const staff = gate.staff
  const body = await readJsonBody(req, 64 * 1024)
  if (!body.ok) return body.response
  const {input, blocks, error, fields} = validate(asRecord(body.value))
  if (error) return fail(400, error, fields)
  if (!seesSite(staff, input.site)) {
    await auditStaffRefusal(req, context, {actor: staff.email, reason: 'site'})
    return fail(403, '이 현장의 글을 등록할 권한이 없습니다.', {site: '권한이 없는 현장입니다.'})
  }

  const client = serverClient()
  let siteId: string | null
  try {
    siteId = await client.fetch<string | null>(
      '*[_type == "site" && slug.current == $site][0]._id',
      {site: input.site},
    )
  } catch {
    return fail(503, '지금은 글을 등록할 수 없습니다. 잠시 후 다시 시도해 주세요.')
  }
  if (!siteId) return fail(400, '입력 내용을 확인해 주세요.', {site: '사이트를 찾을 수 없습니다.'})

  try {
    const created = await client.create(
      {
        _type: 'press',
        site: {_type: 'reference', _ref: siteId},
        title: input.title,
        summary: input.summary,
        content: blocks,
        date: new Date().toISOString(),
      },
      {visibility: 'sync'},
    )
    return json({ok: true, id: created._id}, 201)
  } catch {
    return fail(503, '지금은 글을 등록할 수 없습니다. 잠시 후 다시 시도해 주세요.')
  }
})

export const config: Config = {path: '/api/press'}
