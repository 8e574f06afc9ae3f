import {HomePage} from '#src/components/home/HomePage.tsx'
import {homeHead, loadHomePage} from '#src/lib/home-data.ts'
import {siteClient} from '#src/lib/sanity.ts'
import {previewLoader} from '#src/preview/preview-loader.ts'
import type {Route} from './+types/home'

export const loader = () => loadHomePage(siteClient)
export const clientLoader = previewLoader<typeof loadHomePage>('home')

export const meta: Route.MetaFunction = ({matches, loaderData}) => homeHead(matches, loaderData)

export default function Home({loaderData}: Route.ComponentProps) {
  return <HomePage data={loaderData} />
}
