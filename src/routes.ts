import {index, route, type RouteConfig} from '@react-router/dev/routes'
import {
  CONTENT_PAGE_PATHS,
  PROMOTION_CUSTOMER_PATH,
  PROMOTION_PRESS_PATH,
  RENAMED_PATHS,
} from './lib/page-paths.ts'

/** The route table: every address of the site. */
const routeId = (path: string) => path.replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '-')

export default [
  index('routes/home.tsx'),
  ...CONTENT_PAGE_PATHS.map((path) =>
    route(path, 'routes/content-page.tsx', {id: `page-${routeId(path)}`}),
  ),
  route('FloorPlan/:type', 'routes/floor-plan.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route(':site/press', 'routes/site-press.tsx'),
  route(':site/press/:id', 'routes/site-press-post.tsx'),
  route(':site/customer', 'routes/site-customer.tsx'),
  route(':site/visit/:token', 'routes/site-visit.tsx'),
  route(':site/waitlist/:token', 'routes/site-waitlist.tsx'),
  route(':site/my-info/:token?', 'routes/site-my-info.tsx'),
  route('registration/result', 'routes/registration-result.tsx'),
  route('registration/time', 'routes/registration-time.tsx'),
  route('admin/leads', 'routes/admin-leads.tsx'),
  route('admin/invite', 'routes/admin-invite.tsx'),
  route('tour/:key', 'routes/tour.tsx'),
  ...[PROMOTION_PRESS_PATH, PROMOTION_CUSTOMER_PATH, ...Object.keys(RENAMED_PATHS)].map((path) =>
    route(path, 'routes/redirect.tsx', {id: `redirect-${routeId(path)}`}),
  ),
  route('sitemap.xml', 'routes/sitemap.xml.ts'),
  route('robots.txt', 'routes/robots.txt.ts'),
  route('rss.xml', 'routes/rss.xml.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
