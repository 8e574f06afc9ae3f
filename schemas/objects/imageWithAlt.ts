import {ImageIcon} from '@sanity/icons'
import {defineField, defineType} from 'sanity'

type ImageValue = {asset?: {_ref?: string}}

export const imageWithAlt = defineType({
  name: 'imageWithAlt',
  title: '이미지',
  type: 'image',
  icon: ImageIcon,
  options: {hotspot: true},
  fields: [
    defineField({
      name: 'alt',
      title: '대체 텍스트',
      type: 'string',
      description:
        '화면을 볼 수 없는 방문자에게 읽어 주는 설명입니다. 그림에 보이는 내용을 한 문장으로 적어 주세요 (예: "호수 옆에 선 15층 아파트 9개 동의 야경").',
      // On the alt field rather than the image type: a field that declares its own validation
      // (e.g. `required`) replaces the type's rules, but the rules of its sub-fields always run.
      validation: (rule) => [
        rule
          .custom((alt: string | undefined, context) =>
            (context.parent as ImageValue | undefined)?.asset && !alt?.trim()
              ? '이미지를 넣었다면 대체 텍스트(alt)를 꼭 입력해 주세요.'
              : true,
          )
          .error(),
        rule.max(300).warning('대체 텍스트는 300자 이내로 간결하게 적어 주세요.'),
      ],
    }),
    defineField({
      name: 'caption',
      title: '캡션',
      type: 'string',
      description: '이미지 아래에 보이는 짧은 설명 (선택).',
    }),
    defineField({
      name: 'zoomable',
      title: '크게 보기',
      type: 'boolean',
      initialValue: false,
      description:
        '지도·배치도·도면처럼 작은 글씨가 있는 그림이면 켜 주세요. 그림 아래에 "크게 보기"가 생기고, 누르면 확대·이동할 수 있는 화면이 열립니다.',
    }),
  ],
})
