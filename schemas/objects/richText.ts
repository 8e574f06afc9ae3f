import { defineArrayMember, defineField, defineType } from 'sanity'

/** The Portable Text used by press bodies and the privacy policy: paragraphs, headings, lists, bold and links. */
export const richText = defineType({
  name: 'richText',
  title: '본문',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: '본문', value: 'normal' },
        { title: '제목 2', value: 'h2' },
        { title: '제목 3', value: 'h3' },
      ],
      lists: [
        { title: '글머리 기호', value: 'bullet' },
        { title: '번호 목록', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: '굵게', value: 'strong' },
          { title: '기울임', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: '링크',
            type: 'object',
            fields: [
              defineField({
                name: 'href',
                title: '주소',
                type: 'url',
                validation: (rule) => rule.required().uri({ scheme: ['http', 'https', 'mailto', 'tel'] }),
              }),
            ],
          }),
        ],
      },
    }),
  ],
})
