import {readFileSync} from 'node:fs'
import {validateDocument, type SanityDocument} from 'sanity'
import {describe, expect, it} from 'vitest'
import {testWorkspace as workspace} from '../test-workspace.ts'

type Doc = SanityDocument & Record<string, unknown>

/** The seed's privacy document: the page as it ships. */
const seedPrivacy = (): Doc =>
  readFileSync(new URL('../../content/production.ndjson', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Doc)
    .find((doc) => doc._id === 'privacy')!

/** The error messages of the privacy document with `change` made to it. */
async function errors(change: (doc: Doc) => void): Promise<string[]> {
  const document = structuredClone(seedPrivacy())
  change(document)
  const markers = await validateDocument({
    document,
    workspace,
    environment: 'studio',
    getDocumentExists: async () => true,
  })
  return markers.filter((marker) => marker.level === 'error').map((marker) => marker.message)
}

type Entry = Record<string, unknown>
const list = (doc: Doc, field: string) => doc[field] as Entry[]

describe('the privacy page’s structured parts', () => {
  it('accept the seed as it ships', async () => {
    expect(await errors(() => {})).toEqual([])
  })

  it('name every kind of data kept, once, with its retention', async () => {
    expect(
      await errors((doc) => {
        doc.retentionPeriods = list(doc, 'retentionPeriods').filter(
          (entry) => !['access', 'requests'].includes(entry.kind as string),
        )
      }),
    ).toEqual(['보유 기간이 빠진 자료: 접근 기록, 내 정보 확인·삭제 요청 기록'])
    expect(
      await errors((doc) => {
        const [first] = list(doc, 'retentionPeriods')
        doc.retentionPeriods = [...list(doc, 'retentionPeriods'), {...first, _key: 'again'}]
      }),
    ).toEqual(['두 번 적힌 자료: 등록 정보'])
  })

  it('give each right its way, once', async () => {
    expect(
      await errors((doc) => {
        doc.rights = list(doc, 'rights').filter((entry) => entry.right !== 'suspension')
      }),
    ).toEqual(['행사 방법이 빠진 권리: 처리정지'])
  })

  it('ask of a transfer abroad its timing and method, retention and contact', async () => {
    const problems = await errors((doc) => {
      const netlify = list(doc, 'processors')[0]!
      delete netlify.transferWhen
      delete netlify.transferRetention
      delete netlify.contact
    })
    expect(problems.sort()).toEqual(
      [
        '이전 시기와 방법을 적어 주세요.',
        '이전받는 곳의 보유·이용 기간을 적어 주세요.',
        '이전받는 곳의 연락처를 적어 주세요.',
      ].sort(),
    )
  })

  it('keep a processor without personal data from transferring any, and from being the only one', async () => {
    expect(
      await errors((doc) => {
        list(doc, 'processors')[3]!.transfersAbroad = true
      }),
    ).toContain('개인정보를 맡기지 않는 곳은 국외 이전이 없습니다.')
    expect(
      await errors((doc) => {
        doc.processors = list(doc, 'processors').slice(3)
      }),
    ).toEqual(['개인정보를 맡기는 업체가 적어도 하나는 있어야 합니다.'])
  })
})
