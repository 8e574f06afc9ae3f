import {LockIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'

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
      title: '처리방침 본문',
      type: 'richText',
      group: 'policy',
      validation: (rule) => rule.required().min(1),
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
