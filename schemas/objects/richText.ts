import {defineArrayMember, defineField, defineType} from 'sanity'
import {isLinkHref, LINK_HREF_MESSAGE} from '../rules/linkHref.ts'

/**
 * The Portable Text used by press bodies and the privacy policy: paragraphs, headings, lists, bold
 * and links.
 */
export const richText = defineType({
  name: 'richText',
  title: '본문',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        {title: '본문', value: 'normal'},
        {title: '제목 2', value: 'h2'},
        {title: '제목 3', value: 'h3'},
      ],
      lists: [
        {title: '글머리 기호', value: 'bullet'},
        {title: '번호 목록', value: 'number'},
      ],
      marks: {
        decorators: [
          {title: '굵게', value: 'strong'},
          {title: '기울임', value: 'em'},
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
                description: 'https:// 주소, mailto:·tel: 링크, 또는 /로 시작하는 사이트 경로.',
                // `uri` widens the url type's own check (http and https only, never a path);
                // linkTarget, which the site renders by, decides.
                validation: (rule) =>
                  rule
                    .required()
                    .uri({scheme: ['http', 'https', 'mailto', 'tel'], allowRelative: true})
                    .custom((value?: string) => !value || isLinkHref(value) || LINK_HREF_MESSAGE),
              }),
            ],
          }),
        ],
      },
    }),
  ],
})
