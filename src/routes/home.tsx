import {HomePage} from '~/components/home/HomePage'
import {homeHead, loadHomePage} from '~/lib/home-data'
import {previewLoader} from '~/preview/preview-loader'
import '~/styles/home.css'
import type {Route} from './+types/home'

export const loader = () => loadHomePage()
export const clientLoader = previewLoader<typeof loadHomePage>('home')

export const meta: Route.MetaFunction = ({matches, loaderData}) => homeHead(matches, loaderData)

export default function Home({loaderData}: Route.ComponentProps) {
  return <HomePage data={loaderData} />
}
