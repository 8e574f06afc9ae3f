import {LockIcon} from '@sanity/icons'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {
  coverage,
  DATA_KINDS,
  PRIVACY_RIGHTS,
  type DataKind,
  type PrivacyRight,
} from '#shared/privacy/policy.ts'

/**
 * A list that names each of `names`' keys exactly once (by its `field`): the message of what it
 * lacks or repeats, else true.
 */
function namesEach<K extends string>(
  names: Record<K, string>,
  field: string,
  what: {missing: string; repeated: string},
) {
  return (entries: Array<Record<string, unknown>> | undefined) => {
    const {missing, repeated} = coverage(
      Object.keys(names) as K[],
      (entries ?? []).map((entry) => entry[field] as string | undefined),
    )
    const label = (keys: K[]) => keys.map((key) => names[key]).join(', ')
    if (missing.length > 0) return `${what.missing}: ${label(missing)}`
    if (repeated.length > 0) return `${what.repeated}: ${label(repeated)}`
    return true
  }
}

const consentText = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    type: 'text',
    rows: 3,
    group: 'consent',
    description,
    validation: (rule) => rule.required().max(600),
  })

export const privacy = defineType({
  name: 'privacy',
  title: '개인정보 동의·처리방침',
  type: 'document',
  icon: LockIcon,
  description: '등록 양식 아래 동의 안내와 /privacy 페이지의 개인정보처리방침.',
  groups: [
    {name: 'consent', title: '수집·이용 동의', default: true},
    {name: 'policy', title: '개인정보처리방침'},
    {name: 'retention', title: '보유 기간·파기'},
    {name: 'processing', title: '위탁·국외 이전'},
    {name: 'rights', title: '권리 행사'},
  ],
  fields: [
    defineField({
      name: 'consentTitle',
      title: '필수 동의 제목',
      type: 'string',
      group: 'consent',
      initialValue: '[필수] 개인정보 수집 및 이용 동의',
      validation: (rule) => rule.required().max(60),
    }),
    consentText('purpose', '수집·이용 목적', '무엇을 위해 개인정보를 받는지.'),
    consentText(
      'items',
      '수집 항목',
      '받는 항목 (이름, 연락처 등)과 자동으로 수집하는 항목 (접수 일시, 유입 경로: 광고 캠페인 정보, 첫 방문 페이지, 이전 사이트 주소).',
    ),
    consentText(
      'retention',
      '보유·이용 기간',
      '사이트에서 강조되어 보입니다. 실제 보관 기간(365일)과 같아야 합니다.',
    ),
    consentText('refusal', '동의 거부 권리와 불이익', '동의하지 않을 권리와 그때의 불이익.'),
    defineField({
      name: 'marketingTitle',
      title: '마케팅 동의 제목',
      type: 'string',
      group: 'consent',
      initialValue: '[선택] 마케팅 정보 수신 동의',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'marketingText',
      title: '마케팅 동의 내용',
      type: 'text',
      rows: 3,
      group: 'consent',
      validation: (rule) => rule.required().max(600),
    }),
    defineField({
      name: 'policyTitle',
      title: '처리방침 제목',
      type: 'string',
      group: 'policy',
      initialValue: '개인정보처리방침',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'policy',
      title: '처리방침 본문 (앞부분)',
      type: 'richText',
      group: 'policy',
      description: '처리 목적과 처리하는 항목. 보유 기간·위탁·권리는 각자의 탭에서 표로 씁니다.',
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'retentionPeriods',
      title: '자료별 보유 기간',
      type: 'array',
      group: 'retention',
      description:
        '사이트가 보관하는 자료마다 한 줄씩: 등록 정보, 방문 예약, 문자 발송 기록, 수신거부 기록, 동의 기록, 접근 기록, 내 정보 확인·삭제 요청 기록. 하나라도 빠지면 게시할 수 없습니다.',
      of: [defineArrayMember({type: 'retentionPeriod'})],
      validation: (rule) =>
        rule.custom(
          namesEach<DataKind>(DATA_KINDS, 'kind', {
            missing: '보유 기간이 빠진 자료',
            repeated: '두 번 적힌 자료',
          }),
        ),
    }),
    defineField({
      name: 'destructionNote',
      title: '파기 절차와 방법',
      type: 'text',
      rows: 3,
      group: 'retention',
      description:
        '보유 기간 표 아래에 보입니다. 예: 매일 새벽 자동으로 확인해 복구할 수 없게 삭제',
      validation: (rule) => rule.required().max(600),
    }),
    defineField({
      name: 'processingNote',
      title: '위탁 안내',
      type: 'text',
      rows: 3,
      group: 'processing',
      description:
        '업체 표 위에 보입니다. 예: 회사는 아래 업체에 업무를 맡기며, 안전하게 처리하도록 관리·감독합니다.',
      validation: (rule) => rule.max(600),
    }),
    defineField({
      name: 'processors',
      title: '위탁·국외 이전 업체',
      type: 'array',
      group: 'processing',
      description:
        '홈페이지의 자료가 거쳐 가는 업체마다 하나씩: 서버(Netlify)와 그 리전, 데이터베이스 업체와 리전, 문자 발송(SOLAPI), 개인정보를 맡기지 않는 곳(Sanity)까지.',
      of: [defineArrayMember({type: 'privacyProcessor'})],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .custom(
            (entries: Array<{personalData?: boolean}> | undefined) =>
              !entries ||
              entries.some((entry) => entry.personalData) ||
              '개인정보를 맡기는 업체가 적어도 하나는 있어야 합니다.',
          ),
    }),
    defineField({
      name: 'rights',
      title: '권리와 행사 방법',
      type: 'array',
      group: 'rights',
      description: '열람, 정정·삭제, 처리정지, 동의 철회를 하나씩.',
      of: [defineArrayMember({type: 'privacyRight'})],
      validation: (rule) =>
        rule.custom(
          namesEach<PrivacyRight>(PRIVACY_RIGHTS, 'right', {
            missing: '행사 방법이 빠진 권리',
            repeated: '두 번 적힌 권리',
          }),
        ),
    }),
    defineField({
      name: 'policyClosing',
      title: '처리방침 본문 (뒷부분)',
      type: 'richText',
      group: 'policy',
      description:
        '보유 기간·위탁·권리 표 다음에 보입니다: 안전성 확보 조치, 개인정보 보호책임자, 처리방침의 변경.',
    }),
    defineField({
      name: 'effectiveDate',
      title: '시행일',
      type: 'date',
      group: 'policy',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'seo', title: '검색·공유 설정', type: 'seo', group: 'policy'}),
  ],
  preview: {
    select: {title: 'policyTitle', date: 'effectiveDate'},
    prepare: ({title, date}) => ({
      title: title ?? '개인정보처리방침',
      subtitle: date ? `시행일 ${date}` : undefined,
    }),
  },
})
