import {
  defineDocuments,
  defineLocations,
  presentationTool,
  type DocumentLocation,
} from 'sanity/presentation'

/** The address on the site that turns preview mode on (netlify/functions/preview-enable.mts). */
export const PREVIEW_ENABLE_PATH = '/api/preview/enable'

const HOME: DocumentLocation = {title: '홈', href: '/'}

/**
 * The Presentation tool ("미리보기"): the real site in a frame, reading drafts through its
 * preview mode, with each text on it a link to its field.
 */
export function sitePreview(siteUrl: string) {
  return presentationTool({
    title: '미리보기',
    previewUrl: {initial: siteUrl, previewMode: {enable: PREVIEW_ENABLE_PATH, shareAccess: false}},
    resolve: {
      // The document an address is mainly about, opened beside the frame.
      mainDocuments: defineDocuments([
        {route: '/', type: 'homePage'},
        {route: '/FloorPlan/:type', filter: '_type == "unitType" && slug.current == $type'},
        {route: '/:site/press/:id', filter: '_type == "press" && _id == $id'},
        {
          route: '/:section/:name',
          filter: '_type == "page" && path == "/" + $section + "/" + $name',
        },
        {route: '/privacy', type: 'privacy'},
      ]),
      // Where a document shows on the site, listed above its form.
      locations: {
        homePage: defineLocations({message: '홈 페이지에 보입니다', locations: [HOME]}),
        siteSettings: defineLocations({message: '모든 페이지에 보입니다', locations: [HOME]}),
        navigation: defineLocations({message: '모든 페이지의 메뉴에 보입니다', locations: [HOME]}),
        page: defineLocations({
          select: {title: 'title', path: 'path'},
          resolve: (doc) => ({
            locations: doc?.path ? [{title: doc.title ?? doc.path, href: doc.path}] : [],
          }),
        }),
        unitType: defineLocations({
          select: {title: 'code', slug: 'slug.current'},
          resolve: (doc) => ({
            locations: doc?.slug
              ? [{title: doc.title ?? doc.slug, href: `/FloorPlan/${doc.slug}`}]
              : [],
          }),
        }),
        press: defineLocations({
          select: {title: 'title', site: 'site.slug.current', id: '_id'},
          resolve: (doc) =>
            doc?.site && doc.id
              ? {
                  locations: [
                    {
                      title: doc.title ?? '보도자료',
                      href: `/${doc.site}/press/${doc.id.replace(/^drafts\./, '')}`,
                    },
                  ],
                }
              : {locations: []},
        }),
      },
    },
  })
}
