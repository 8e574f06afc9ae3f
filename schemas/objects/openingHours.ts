import {ClockIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {minutesOf} from '#shared/visits/schedule.ts'

export const WEEKDAY_NAMES = ['일', '월', '화', '수', '목', '금', '토'] as const

const TIME_MESSAGE = '24시간 형식 HH:MM으로 입력해 주세요 (예: 10:00).'

/** One opening range of the model house on one weekday (two ranges make a lunch break). */
export const openingHours = defineType({
  name: 'openingHours',
  title: '운영 시간',
  type: 'object',
  icon: ClockIcon,
  fields: [
    defineField({
      name: 'weekday',
      title: '요일',
      type: 'number',
      options: {
        list: WEEKDAY_NAMES.map((name, value) => ({title: `${name}요일`, value})),
        layout: 'radio',
        direction: 'horizontal',
      },
      validation: (rule) => rule.required().integer().min(0).max(6),
    }),
    defineField({
      name: 'opens',
      title: '여는 시간',
      type: 'string',
      description: '예: 10:00',
      validation: (rule) =>
        rule
          .required()
          .custom((value?: string) => !value || minutesOf(value) !== null || TIME_MESSAGE),
    }),
    defineField({
      name: 'closes',
      title: '닫는 시간',
      type: 'string',
      description: '마지막 예약 시간은 닫는 시간에서 예약 간격을 뺀 시각입니다. 예: 18:00',
      validation: (rule) =>
        rule.required().custom((value: string | undefined, context) => {
          if (!value) return true
          const closes = minutesOf(value)
          if (closes === null) return TIME_MESSAGE
          const opens = minutesOf((context.parent as {opens?: string} | undefined)?.opens ?? '')
          return opens === null || closes > opens || '닫는 시간은 여는 시간보다 늦어야 합니다.'
        }),
    }),
  ],
  preview: {
    select: {weekday: 'weekday', opens: 'opens', closes: 'closes'},
    prepare: ({weekday, opens, closes}) => ({
      title: `${WEEKDAY_NAMES[weekday as number] ?? '?'}요일`,
      subtitle: `${opens ?? '--:--'} ~ ${closes ?? '--:--'}`,
    }),
  },
})
