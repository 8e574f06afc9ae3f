import {telHref} from '#src/components/layout/tel-href.ts'
import {
  RegistrationResultActions,
  RegistrationResultStatus,
} from '#src/components/registration/RegistrationResultView.tsx'
import {useLayoutData} from '#src/lib/layout-data.ts'
import {particleFor} from '#shared/korean-particles.ts'
import {REGISTRATION_RESULT_PATH} from '#shared/leads/registration-contract.ts'
import {routeHead} from '#src/lib/seo/route-head.ts'
import type {Route} from './+types/registration-result'

/**
 * Where the home form's native POST lands (the register endpoint's 303 to
 * `/registration/result?status=…`). The page is prerendered once, without an outcome: the
 * result endpoint serves it for every such address with the outcome, the receipt and the
 * time written in (netlify/functions/registration-result.mts), so a visitor without
 * JavaScript reads them.
 */
export const meta: Route.MetaFunction = ({matches}) =>
  routeHead(matches, {
    path: REGISTRATION_RESULT_PATH,
    title: '방문예약 신청 결과',
    description: '방문예약 및 관심고객 등록 신청 결과를 안내합니다.',
    noindex: true,
  })

export default function RegistrationResultPage() {
  const {settings} = useLayoutData()
  const counselHours = settings.counselHours || '24시간 상담'
  return (
    <section className="registration-result-page">
      <h1>방문예약 신청 결과</h1>
      <RegistrationResultStatus result={null} />
      {settings.phone ? (
        <p className="registration-result-phone">
          결과가 보이지 않거나 급하신 경우 대표번호{' '}
          <a href={telHref(settings.phone)}>{settings.phone}</a>({counselHours})
          {particleFor(counselHours, '으로/로')} 연락 주세요.
        </p>
      ) : null}
      <RegistrationResultActions result={null} />
    </section>
  )
}
