import {RegistrationForm} from '#src/components/registration/RegistrationForm.tsx'
import {useLayoutData} from '#src/lib/layout-data.ts'
import {REGISTRATION_TIME_PATH} from '#shared/leads/registration-contract.ts'
import {routeHead} from '#src/lib/seo/route-head.ts'
import type {Route} from './+types/registration-time'

/**
 * The registration form with the visit times and the seats they have now, for a visitor
 * without JavaScript (the forms lead here from their time field). The page is generated
 * once; the time function serves it for each site with the times written into its form
 * (netlify/functions/registration-time.mts).
 */
export const meta: Route.MetaFunction = ({matches}) =>
  routeHead(matches, {
    path: REGISTRATION_TIME_PATH,
    title: '방문 시간 선택',
    description: '예약 가능한 방문 시간과 남은 자리를 보고 방문을 예약합니다.',
    noindex: true,
  })

export default function RegistrationTimePage() {
  const {settings} = useLayoutData()
  return (
    <section className="registration-result-page registration-time-page">
      <h1>방문 시간 선택</h1>
      <p className="registration-time-note">
        남은 자리는 이 화면을 연 때의 수입니다. 그사이 마감된 시간을 고르시면 가장 가까운 빈 시간을
        안내해 드립니다.
      </p>
      <RegistrationForm
        source="customer"
        site={settings.defaultSite}
        withMessage
        withVisitTime
        submitLabel="방문예약 신청하기"
      />
    </section>
  )
}
