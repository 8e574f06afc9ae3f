import {CalendarIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {SCHEDULE_DEFAULTS} from '#shared/visits/schedule.ts'

/**
 * The model house of a site and the schedule visits are booked on. The booking form,
 * the visitor's page and the texts read it; a site without it takes no bookings.
 */
export const modelHouse = defineType({
  name: 'modelHouse',
  title: '견본주택·방문예약',
  type: 'object',
  icon: CalendarIcon,
  options: {collapsible: true, collapsed: false},
  fields: [
    defineField({
      name: 'address',
      title: '견본주택 주소',
      type: 'string',
      description: '예약 확인 화면과 문자에 보입니다. 예: 울산광역시 남구 삼산로 123',
      validation: (rule) => rule.required().max(100),
    }),
    defineField({
      name: 'mapUrl',
      title: '지도 링크',
      type: 'url',
      description: '네이버·카카오 지도의 공유 주소 (https://…).',
      validation: (rule) => rule.uri({scheme: ['https']}),
    }),
    defineField({
      name: 'hours',
      title: '요일별 운영 시간',
      type: 'array',
      of: [{type: 'openingHours'}],
      description: '운영하는 요일만 넣습니다 (없는 요일은 휴관). 점심시간은 한 요일에 두 줄로.',
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'closedDates',
      title: '휴관일',
      type: 'array',
      of: [{type: 'date', options: {dateFormat: 'YYYY-MM-DD'}}],
      description: '요일과 관계없이 닫는 날 (명절, 내부 행사 등).',
      validation: (rule) => rule.unique(),
    }),
    defineField({
      name: 'openOnHolidays',
      title: '공휴일에도 운영',
      type: 'boolean',
      description:
        '공휴일은 관보 기준 목록으로 자동 표시됩니다. 끄면 공휴일에는 예약을 받지 않습니다.',
      initialValue: SCHEDULE_DEFAULTS.openOnHolidays,
    }),
    defineField({
      name: 'slotMinutes',
      title: '예약 간격(분)',
      type: 'number',
      description: '한 예약 시간의 길이. 기본 30분.',
      initialValue: SCHEDULE_DEFAULTS.slotMinutes,
      validation: (rule) => rule.required().integer().min(10).max(240),
    }),
    defineField({
      name: 'capacity',
      title: '시간당 예약 팀 수',
      type: 'number',
      description: '한 예약 시간에 받는 팀 수. 기본 4팀. 줄여도 이미 받은 예약은 그대로 둡니다.',
      initialValue: SCHEDULE_DEFAULTS.capacity,
      validation: (rule) => rule.required().integer().min(1).max(100),
    }),
    defineField({
      name: 'bookingDays',
      title: '예약 가능 기간(일)',
      type: 'number',
      description: '오늘을 포함해 며칠 뒤까지 예약을 받을지. 기본 14일.',
      initialValue: SCHEDULE_DEFAULTS.bookingDays,
      validation: (rule) => rule.required().integer().min(1).max(60),
    }),
    defineField({
      name: 'cutoffMinutes',
      title: '예약 마감(분 전)',
      type: 'number',
      description: '예약 시간 몇 분 전까지 예약·변경을 받을지. 기본 60분.',
      initialValue: SCHEDULE_DEFAULTS.cutoffMinutes,
      validation: (rule) =>
        rule
          .required()
          .integer()
          .min(0)
          .max(24 * 60),
    }),
  ],
})
