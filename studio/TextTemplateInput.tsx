import {Card, Stack, Text} from '@sanity/ui'
import type {StringInputProps} from 'sanity'
import {
  renderVisitorText,
  SAMPLE_VALUES,
  SMS_MAX_BYTES,
  textBytes,
  textType,
} from '../shared/texts/render.ts'

/**
 * A text template's editor with what a phone would show: the template rendered with
 * sample values as the editor types (with the data page's line every text ends with), its
 * length in the bytes carriers count, and whether it goes as an SMS (up to 90 bytes) or an LMS.
 */
export function TextTemplateInput(props: StringInputProps) {
  const text = props.value ? renderVisitorText(props.value, SAMPLE_VALUES) : ''
  const bytes = textBytes(text)
  const type = textType(text)
  return (
    <Stack space={3}>
      {props.renderDefault(props)}
      <Card padding={3} radius={2} tone="primary" border>
        <Stack space={3}>
          <Text size={1} weight="semibold">
            미리보기 (예시 값)
          </Text>
          <Text size={1} style={{whiteSpace: 'pre-wrap', wordBreak: 'keep-all'}}>
            {text || '내용을 입력하면 여기에 문자 모양으로 보입니다.'}
          </Text>
          <Text size={1} muted>
            {`${bytes}바이트 · ${type}`}
            {type === 'LMS'
              ? ` (${SMS_MAX_BYTES}바이트를 넘어 장문으로 발송됩니다)`
              : ` (${SMS_MAX_BYTES}바이트까지 단문)`}
          </Text>
        </Stack>
      </Card>
    </Stack>
  )
}
