import {EarthGlobeIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'

interface Processor {
  personalData?: boolean
  transfersAbroad?: boolean
}

const parentOf = (context: {parent?: unknown}) => (context.parent ?? {}) as Processor

/** Required while the processor holds personal data. */
const whilePersonal = (message: string) => (value: unknown, context: {parent?: unknown}) =>
  !parentOf(context).personalData || Boolean(value) || message

/** Required while the processor takes the data out of Korea. */
const whileAbroad = (message: string) => (value: unknown, context: {parent?: unknown}) =>
  !parentOf(context).transfersAbroad || Boolean(value) || message

/**
 * One company the site's data goes through: what it does, where, and, when it takes personal
 * data out of Korea, what the law asks the privacy page to say of that (국외 이전: country,
 * recipient, items, when and how, how long).
 */
export const privacyProcessor = defineType({
  name: 'privacyProcessor',
  title: '위탁·국외 이전 업체',
  type: 'object',
  icon: EarthGlobeIcon,
  fields: [
    defineField({
      name: 'recipient',
      title: '업체 이름',
      type: 'string',
      description: '예: Netlify, Inc.',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'task',
      title: '맡기는 일',
      type: 'text',
      rows: 2,
      description: '예: 홈페이지와 등록·예약 기능의 운영(서버)',
      validation: (rule) => rule.required().max(300),
    }),
    defineField({
      name: 'personalData',
      title: '개인정보를 맡기나요?',
      type: 'boolean',
      initialValue: true,
      description:
        '홈페이지 문구와 사진만 다루는 곳(예: Sanity)은 끄세요. “개인정보를 맡기지 않는 곳”으로 따로 보입니다.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'items',
      title: '맡기는 개인정보 항목',
      type: 'text',
      rows: 2,
      description: '예: 이름, 휴대전화번호, 문의 내용, 방문 예약 일시',
      hidden: ({parent}) => !(parent as Processor | undefined)?.personalData,
      validation: (rule) =>
        rule.max(300).custom(whilePersonal('맡기는 개인정보 항목을 적어 주세요.')),
    }),
    defineField({
      name: 'country',
      title: '처리하는 나라',
      type: 'string',
      description: '예: 미국, 대한민국',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'region',
      title: '처리 지역(리전)',
      type: 'string',
      description:
        '나라 안에서 서버가 있는 곳. Netlify와 데이터베이스는 관리 화면에서 확인한 리전을 그대로 적어 주세요. 예: 오하이오주(AWS us-east-2)',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'transfersAbroad',
      title: '개인정보를 나라 밖으로 옮기나요? (국외 이전)',
      type: 'boolean',
      initialValue: false,
      description:
        '켜면 법이 요구하는 국외 이전 항목(이전 시기와 방법, 보유 기간, 연락처)을 함께 적습니다.',
      validation: (rule) =>
        rule.custom(
          (value, context) =>
            !value ||
            parentOf(context).personalData === true ||
            '개인정보를 맡기지 않는 곳은 국외 이전이 없습니다.',
        ),
    }),
    defineField({
      name: 'transferWhen',
      title: '이전 시기와 방법',
      type: 'text',
      rows: 2,
      description: '예: 등록하실 때마다 암호화된 통신(HTTPS)으로 전송',
      hidden: ({parent}) => !(parent as Processor | undefined)?.transfersAbroad,
      validation: (rule) => rule.max(300).custom(whileAbroad('이전 시기와 방법을 적어 주세요.')),
    }),
    defineField({
      name: 'transferRetention',
      title: '이전받는 곳의 보유·이용 기간',
      type: 'string',
      description: '예: 위탁 계약이 끝나거나 보유 기간(접수일로부터 365일)이 지날 때까지',
      hidden: ({parent}) => !(parent as Processor | undefined)?.transfersAbroad,
      validation: (rule) =>
        rule.max(200).custom(whileAbroad('이전받는 곳의 보유·이용 기간을 적어 주세요.')),
    }),
    defineField({
      name: 'contact',
      title: '이전받는 곳의 연락처',
      type: 'string',
      description: '개인정보 문의를 받는 주소. 예: privacy@netlify.com',
      hidden: ({parent}) => !(parent as Processor | undefined)?.transfersAbroad,
      validation: (rule) =>
        rule.max(120).custom(whileAbroad('이전받는 곳의 연락처를 적어 주세요.')),
    }),
  ],
  preview: {
    select: {
      recipient: 'recipient',
      country: 'country',
      region: 'region',
      personalData: 'personalData',
      abroad: 'transfersAbroad',
    },
    prepare: ({recipient, country, region, personalData, abroad}) => ({
      title: recipient ?? '업체 이름 없음',
      subtitle: [
        [country, region].filter(Boolean).join(' · '),
        personalData === false ? '개인정보 없음' : abroad ? '국외 이전' : null,
      ]
        .filter(Boolean)
        .join(' — '),
    }),
  },
})
