import {HomePage} from '~/components/home/HomePage'
import {homeHead, loadHomePage} from '~/lib/home-data'
import {siteClient} from '~/lib/sanity.ts'
import {previewLoader} from '~/preview/preview-loader'
import type {Route} from './+types/home'

export const loader = () => loadHomePage(siteClient)
export const clientLoader = previewLoader<typeof loadHomePage>('home')

export const meta: Route.MetaFunction = ({matches, loaderData}) => homeHead(matches, loaderData)

export default function Home({loaderData}: Route.ComponentProps) {
  return <HomePage data={loaderData} />
}
