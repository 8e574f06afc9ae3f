import {UserIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {PRIVACY_RIGHTS, type PrivacyRight} from '#shared/privacy/policy.ts'

/** One right of a visitor over their data, and the ways to use it. */
export const privacyRight = defineType({
  name: 'privacyRight',
  title: '정보주체의 권리',
  type: 'object',
  icon: UserIcon,
  fields: [
    defineField({
      name: 'right',
      title: '권리',
      type: 'string',
      options: {
        list: Object.entries(PRIVACY_RIGHTS).map(([value, title]) => ({value, title})),
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'how',
      title: '행사 방법',
      type: 'text',
      rows: 3,
      description:
        '홈페이지에서 하는 방법과 다른 방법(전화, 방문)을 함께 적어 주세요. 예: 아래 “내 정보 확인·삭제”에서 휴대전화로 받은 인증번호를 넣으면 바로 보실 수 있습니다.',
      validation: (rule) => rule.required().max(500),
    }),
    defineField({
      name: 'onDataPage',
      title: '홈페이지의 “내 정보 확인·삭제”에서 바로 할 수 있나요?',
      type: 'boolean',
      initialValue: true,
      description: '켜면 이 권리 옆에 “내 정보 확인·삭제” 바로 가기가 붙습니다.',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: {right: 'right', onDataPage: 'onDataPage'},
    prepare: ({right, onDataPage}) => ({
      title: PRIVACY_RIGHTS[right as PrivacyRight] ?? '권리를 고르세요',
      subtitle: onDataPage ? '홈페이지에서 바로' : '전화·방문으로',
    }),
  },
})
