import {BackToListLink} from '#src/components/press/BackToListLink.tsx'
import {PressBody} from '#src/components/press/PressBody.tsx'
import {AUTHOR_LABEL} from '#src/components/press/PressTable.tsx'
import {usePressViews} from '#src/components/press/usePressViews.ts'
import type {SiteSectionHandle} from '#src/lib/site-brand.ts'
import {hasImage, sharingImageUrl} from '#src/lib/images.ts'
import {formatPostDateTime} from '#src/lib/press/dates.ts'
import {newsArticleLd} from '#src/lib/press/json-ld.ts'
import {loadPressPostPage, type PressPostPage} from '#src/lib/press/post.ts'
import {siteClient} from '#src/lib/sanity.ts'
import {routeHead, layoutFromMatches} from '#src/lib/seo/route-head.ts'
import {publicConfig} from '../lib/public-config.ts'
import {browserLake} from '../lib/browser-lake.ts'
import {sitePressPath, sitePressPostPath} from '../lib/page-paths.ts'
import '#src/styles/press.css'
import type {Route} from './+types/site-press-post'

/** /:site/press/:id: one press post; opening it counts a view. */
export const handle: SiteSectionHandle = {siteSection: true}

export async function loader({params}: Route.LoaderArgs) {
  return loadPressPostPage(siteClient, params.site, params.id)
}

// Client navigation reads the post live (fresh views), and a post published after the
// build, which has no generated page, is read here from the SPA fallback page.
export async function clientLoader({params}: Route.ClientLoaderArgs) {
  return loadPressPostPage(browserLake, params.site, params.id)
}

export const meta: Route.MetaFunction = ({loaderData, matches}) => {
  if (!loaderData) return []
  const {site, post} = loaderData
  const path = sitePressPostPath(site.slug ?? '', post._id)
  const layout = layoutFromMatches(matches)
  const settings = layout?.settings
  const image = [post.seo?.image, site.image, settings?.seo?.image].find(hasImage)
  return routeHead(matches, {
    path,
    title: post.title,
    description: post.summary,
    image: site.image,
    seo: post.seo,
    type: 'article',
    breadcrumb: [
      {name: '홈', path: '/'},
      {name: '보도자료', path: sitePressPath(site.slug ?? '')},
      {name: post.title ?? '', path},
    ],
    jsonLd: post.date
      ? [
          newsArticleLd(
            {
              path,
              headline: post.title ?? '',
              description: post.summary,
              datePublished: post.date,
              dateModified: post._updatedAt,
              imageUrl: image ? sharingImageUrl(image) : null,
              publisherName:
                settings?.company?.developer || settings?.brandName || settings?.complexName || '',
              publisherHome: layout?.home,
              logoUrl: hasImage(settings?.logo) ? sharingImageUrl(settings.logo) : null,
            },
            publicConfig.siteUrl,
          ),
        ]
      : [],
  })
}

export default function SitePressPost({loaderData: page}: Route.ComponentProps) {
  // A new post is a new page open: its own view count and its own count request.
  return <PressPost key={page.post._id} {...page} />
}

function PressPost({site, post}: PressPostPage) {
  const views = usePressViews(post._id)
  return (
    <article className="site-page press-post">
      <p className="site-name">{site.name}</p>
      <header className="press-post-head">
        <h1>{post.title}</h1>
        <dl className="press-post-meta">
          <div>
            <dt>작성자</dt>
            <dd>{AUTHOR_LABEL}</dd>
          </div>
          {post.date ? (
            <div>
              <dt>작성일</dt>
              <dd>
                <time dateTime={post.date}>{formatPostDateTime(post.date)}</time>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>조회수</dt>
            <dd className="press-post-views">{views?.toLocaleString('ko-KR')}</dd>
          </div>
        </dl>
      </header>
      {post.summary ? <p className="press-post-summary">{post.summary}</p> : null}
      <PressBody content={post.content} />
      <p className="press-post-actions">
        <BackToListLink to={sitePressPath(site.slug ?? '')} />
      </p>
    </article>
  )
}
