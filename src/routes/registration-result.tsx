import {useSyncExternalStore} from 'react'
import {Link} from 'react-router'
import {telHref} from '~/components/layout/tel-href.ts'
import {RegistrationOutcome} from '~/components/registration/RegistrationOutcome.tsx'
import {useLayoutData} from '~/lib/layout-data.ts'
import {particleFor} from '#shared/korean-particles.ts'
import {REGISTRATION_RESULT_PATH} from '#shared/leads/registration-contract.ts'
import {readRegistrationResult} from '~/lib/registration/result.ts'
import {routeHead} from '~/lib/seo/route-head.ts'
import type {Route} from './+types/registration-result'

/**
 * Where the home form's native POST lands (the endpoint's 303 to
 * `/registration/result?status=…`). Each status also has a prerendered page of its own
 * (`/registration/result/accepted`, …) that netlify.toml serves for that query, so the message
 * is right without JavaScript; with JavaScript the page adds what only the query string
 * holds (the receipt, the field messages).
 */
export const meta: Route.MetaFunction = ({matches}) =>
  routeHead(matches, {
    path: REGISTRATION_RESULT_PATH,
    title: '방문예약 신청 결과',
    description: '방문예약 및 관심고객 등록 신청 결과를 안내합니다.',
    noindex: true,
  })

const noSubscription = () => () => {}

/**
 * What the HTML was generated for: the outcome segment at build time; in the browser,
 * while hydrating, the outcome the served file was made for (its URL has no segment).
 */
function prerenderedSearch(outcome: string | undefined): string {
  const rendered =
    outcome ??
    (typeof document === 'undefined'
      ? null
      : document.querySelector('[data-outcome]')?.getAttribute('data-outcome'))
  return rendered ? `?status=${rendered}` : ''
}

export default function RegistrationResultPage({params}: Route.ComponentProps) {
  const {settings} = useLayoutData()
  const counselHours = settings.counselHours || '24시간 상담'
  const {outcome} = params
  // Hydration renders what the file holds; the browser's query string is read right after.
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => prerenderedSearch(outcome),
  )
  const result = readRegistrationResult(search, settings.phone)
  return (
    <section
      className="registration-result-page"
      data-outcome={new URLSearchParams(search).get('status') ?? undefined}
    >
      <h1>방문예약 신청 결과</h1>
      {result ? (
        <div className="registration-status" role="status">
          <RegistrationOutcome status={result.status} receipt={result.receipt} />
          {result.details.length > 0 ? (
            <ul className="registration-result-details">
              {result.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="registration-result-general">
          신청서를 보내 주셔서 감사합니다. 접수가 완료되면 담당 상담사가 곧 연락드립니다.
        </p>
      )}
      {settings.phone ? (
        <p className="registration-result-phone">
          결과가 보이지 않거나 급하신 경우 대표번호{' '}
          <a href={telHref(settings.phone)}>{settings.phone}</a>({counselHours})
          {particleFor(counselHours, '으로/로')} 연락 주세요.
        </p>
      ) : null}
      <p className="registration-result-actions">
        {result?.full ? (
          <Link to="/#reservation" className="registration-result-primary">
            다른 시간 선택하러 가기
          </Link>
        ) : result?.status !== 'accepted' ? (
          <Link to="/#reservation">다시 작성하기</Link>
        ) : null}
        <Link to="/">홈으로 가기</Link>
      </p>
    </section>
  )
}
