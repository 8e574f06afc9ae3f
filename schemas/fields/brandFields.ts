import {defineField} from 'sanity'
import {isKoreanPhone} from '../rules/printedPhone.ts'

/*
 * The brand fields that the default site (`siteSettings`) and every other site (`site`)
 * both carry, in the Studio's "brand" group; only what the phone number shows on differs.
 */

export const logoWhiteField = () =>
  defineField({
    name: 'logoWhite',
    title: '로고 (어두운 배경용)',
    type: 'imageWithAlt',
    group: 'brand',
    description: '푸터처럼 어두운 바탕에 쓰는 흰색 로고.',
  })

export const phoneField = (shownOn: string) =>
  defineField({
    name: 'phone',
    title: '대표 상담 전화',
    type: 'string',
    group: 'brand',
    description: `${shownOn} 1661-0440 처럼 하이픈을 넣어 입력하세요.`,
    validation: (rule) =>
      rule
        .required()
        .custom(
          (value?: string) =>
            !value ||
            isKoreanPhone(value) ||
            '1661-0440, 052-123-4567 같은 형식으로 입력해 주세요.',
        ),
  })
