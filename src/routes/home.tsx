import {HomePage} from '~/components/home/HomePage'
import {homeHead, loadHomePage} from '~/lib/home-data'
import '~/styles/home.css'
import type {Route} from './+types/home'

export const loader = () => loadHomePage()

export const meta: Route.MetaFunction = ({matches, loaderData}) => homeHead(matches, loaderData)

export default function Home({loaderData}: Route.ComponentProps) {
  return <HomePage data={loaderData} />
}
