import {defineField} from 'sanity'

/**
 * The company lines of a footer: who develops and who builds the complex, and where. The
 * default site (`siteSettings.company`) and every other site (`site.company`) take the same
 * fields; only the default site must give its business number.
 */
export function companyFields({requireBusinessNumber}: {requireBusinessNumber: boolean}) {
  return [
    defineField({
      name: 'developer',
      title: '시행사',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'builder',
      title: '시공사',
      type: 'string',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({name: 'ceo', title: '대표자', type: 'string', validation: (rule) => rule.max(20)}),
    defineField({
      name: 'businessNumber',
      title: '사업자등록번호',
      type: 'string',
      description: '000-00-00000 형식.',
      validation: (rule) => {
        const format = rule.regex(/^\d{3}-\d{2}-\d{5}$/, {name: '사업자등록번호'})
        return requireBusinessNumber ? format.required() : format
      },
    }),
    defineField({
      name: 'address',
      title: '주소',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
  ]
}
