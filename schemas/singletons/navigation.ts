import {MenuIcon} from '@sanity/icons'
import {defineArrayMember, defineField, defineType} from 'sanity'
import {isSitePathOrUrl} from '../rules/sitePath.ts'

export const SITE_MENU_SEGMENTS = [
  {title: '보도자료 (/{사이트}/press)', value: 'press'},
  {title: '방문예약 등록 (/{사이트}/customer)', value: 'customer'},
]

export const navigation = defineType({
  name: 'navigation',
  title: '메뉴',
  type: 'document',
  icon: MenuIcon,
  fields: [
    defineField({
      name: 'menu',
      title: '주 메뉴',
      type: 'array',
      description: '헤더의 메뉴 그룹과 하위 메뉴. 순서를 끌어 바꾸면 사이트 메뉴 순서도 바뀝니다.',
      of: [
        defineArrayMember({
          name: 'menuGroup',
          title: '메뉴 그룹',
          type: 'object',
          fields: [
            defineField({
              name: 'title',
              title: '그룹 이름',
              type: 'string',
              validation: (rule) => rule.required().max(20),
            }),
            defineField({
              name: 'subMenu',
              title: '하위 메뉴',
              type: 'array',
              of: [
                defineArrayMember({
                  name: 'subMenuItem',
                  title: '하위 메뉴',
                  type: 'object',
                  fields: [
                    defineField({
                      name: 'subTitle',
                      title: '이름',
                      type: 'string',
                      validation: (rule) => rule.required().max(30),
                    }),
                    defineField({
                      name: 'subUrl',
                      title: '주소',
                      type: 'string',
                      description: '사이트 경로 (예: /Brand/intro).',
                      validation: (rule) =>
                        rule
                          .required()
                          .custom(
                            (value?: string) =>
                              !value ||
                              isSitePathOrUrl(value) ||
                              '/로 시작하는 경로를 입력해 주세요.',
                          ),
                    }),
                  ],
                  preview: {select: {title: 'subTitle', subtitle: 'subUrl'}},
                }),
              ],
              validation: (rule) => rule.required().min(1),
            }),
          ],
          preview: {
            select: {title: 'title', subMenu: 'subMenu'},
            prepare: ({title, subMenu}) => ({
              title,
              subtitle: Array.isArray(subMenu)
                ? subMenu.map((item: {subTitle?: string}) => item.subTitle).join(' · ')
                : undefined,
            }),
          },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'siteMenu',
      title: '보도자료·방문예약 페이지 메뉴',
      type: 'array',
      description: '/{사이트}/press 와 /{사이트}/customer 에서 보이는 두 항목 메뉴.',
      of: [
        defineArrayMember({
          name: 'siteMenuItem',
          title: '메뉴',
          type: 'object',
          fields: [
            defineField({
              name: 'title',
              title: '이름',
              type: 'string',
              validation: (rule) => rule.required().max(20),
            }),
            defineField({
              name: 'segment',
              title: '연결 페이지',
              type: 'string',
              options: {list: SITE_MENU_SEGMENTS, layout: 'radio'},
              validation: (rule) => rule.required(),
            }),
          ],
          preview: {select: {title: 'title', subtitle: 'segment'}},
        }),
      ],
      validation: (rule) => rule.required().length(2),
    }),
  ],
  preview: {prepare: () => ({title: '메뉴', subtitle: '헤더·모바일 메뉴'})},
})
