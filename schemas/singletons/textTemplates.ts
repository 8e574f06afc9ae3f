import {CommentIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'
import {TextTemplateInput} from '#studio/TextTemplateInput.tsx'
import {
  templateField,
  templateProblem,
  TEXT_VARIABLES,
  VARIABLE_DESCRIPTIONS,
  type TextKind,
} from '#shared/texts/render.ts'

const VARIABLE_LIST = TEXT_VARIABLES.map((name) => `#{${name}} ${VARIABLE_DESCRIPTIONS[name]}`)

function template(kind: TextKind, title: string, description: string) {
  return defineField({
    name: templateField(kind),
    title,
    type: 'text',
    rows: 5,
    description: `${description} 쓸 수 있는 값: ${VARIABLE_LIST.join(', ')}.`,
    components: {input: TextTemplateInput},
    validation: (rule) =>
      rule
        .required()
        .custom((value?: string) => (value ? (templateProblem(value, kind) ?? true) : true)),
  })
}

/**
 * The texts visitors get about their registration and visit. One document for every
 * site, not one per site: what differs between sites (name, model house's address and
 * map) reaches the text through its variables, and one wording is what the AlimTalk
 * templates registered with Kakao must match.
 */
export const textTemplates = defineType({
  name: 'textTemplates',
  title: '문자 안내',
  type: 'document',
  icon: CommentIcon,
  description:
    '방문객에게 가는 문자(알림톡)의 내용. 저장하고 게시하면 다음 문자부터 이 내용으로 나갑니다. 알림톡을 쓰는 경우 카카오에 등록한 템플릿과 같은 문구여야 합니다.',
  fields: [
    template(
      'confirmation',
      '방문예약 확인',
      '방문 시간을 골라 등록하면 바로 보내는 문자. 이미 예약이 있는 번호로 다시 예약하면 ' +
        '새 시간은 잡지 않고 그 예약의 일시와 링크로 이 문자를 다시 보냅니다. ' +
        '#{링크}에서 예약 확인·변경과 잔여 세대를 볼 수 있습니다. #{일시}와 #{링크}가 꼭 있어야 합니다.',
    ),
    template(
      'acknowledgement',
      '관심고객 등록 확인',
      '방문 시간 없이 등록하면 바로 보내는 짧은 문자. #{주소}와 #{링크}가 꼭 있어야 합니다.',
    ),
    template(
      'reminder',
      '방문 전날 안내',
      '방문 전날 오전 10시에 보내는 문자. #{링크}에서 방문객이 방문 확인을 누를 수 있으니 ' +
        '그 안내를 함께 적어 주세요. #{일시}와 #{링크}가 꼭 있어야 합니다.',
    ),
    template(
      'cancelled',
      '예약 취소 안내',
      '예약이 취소되면 보내는 문자. #{링크}는 취소된 예약을 보여 주고 다시 예약하는 곳으로 ' +
        '안내합니다. #{일시}와 #{링크}가 꼭 있어야 합니다.',
    ),
    template(
      'moved',
      '예약 변경 안내',
      '예약 시간이 바뀌면 보내는 문자 (#{일시}는 바뀐 시간). #{일시}와 #{링크}가 꼭 있어야 합니다.',
    ),
    template(
      'advert',
      '잔여 세대 광고',
      '마케팅 수신에 동의하고 수신거부하지 않은 분께 등록 뒤 한 번 보내는 광고 문자 ' +
        '(밤 9시~아침 8시에는 아침 8시에 보냄). (광고)로 시작하고 #{단지}, #{잔여}, ' +
        '#{수신거부}가 꼭 있어야 합니다.',
    ),
    template(
      'no-show',
      '노쇼 안내',
      '예약 시간이 끝나고 30분이 지나도 방문하지 않은 분께 보내는 문자 (밤 9시~아침 8시에는 ' +
        '아침 8시에 보냄). #{링크}에서 다른 날로 다시 예약할 수 있습니다. #{일시}와 #{링크}가 ' +
        '꼭 있어야 합니다.',
    ),
  ],
  preview: {prepare: () => ({title: '문자 안내'})},
})
