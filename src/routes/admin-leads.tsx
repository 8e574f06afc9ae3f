import {hasSecondFactor} from '#shared/auth/enrolled-factors.ts'
import {useEffect, useState, useSyncExternalStore} from 'react'
import {readCheckInTarget} from '#shared/visits/check-in-address.ts'
import {AccessReview} from '#src/components/admin/AccessReview.tsx'
import {AccessReviewReminder} from '#src/components/admin/AccessReviewReminder.tsx'
import {AdminSignIn} from '#src/components/admin/AdminSignIn.tsx'
import {AwayToggle} from '#src/components/admin/AwayToggle.tsx'
import {DestructionRuns} from '#src/components/admin/DestructionRuns.tsx'
import {IdleWarningDialog} from '#src/components/admin/IdleWarningDialog.tsx'
import {IncidentBanner} from '#src/components/admin/IncidentBanner.tsx'
import {LeadsView} from '#src/components/admin/LeadsView.tsx'
import {TextsOutbox} from '#src/components/admin/TextsOutbox.tsx'
import {OpenRequestsNotice} from '#src/components/admin/OpenRequestsNotice.tsx'
import {OperationsHealth} from '#src/components/admin/OperationsHealth.tsx'
import {RequestsQueue} from '#src/components/admin/RequestsQueue.tsx'
import {SecondFactorSetup} from '#src/components/admin/SecondFactorSetup.tsx'
import {SecondFactorStep} from '#src/components/admin/SecondFactorStep.tsx'
import {StaffAccounts} from '#src/components/admin/StaffAccounts.tsx'
import {StatsDashboard} from '#src/components/admin/StatsDashboard.tsx'
import {TodayView} from '#src/components/admin/TodayView.tsx'
import {VisitSchedule} from '#src/components/admin/VisitSchedule.tsx'
import {useLayoutData} from '#src/lib/layout-data.ts'
import {adminSession, offeredSites} from '#src/lib/admin-session.ts'
import {useConsentNotice} from '#src/lib/registration/consent.ts'
import {LEAD_SITES_QUERY} from '#src/lib/queries.ts'
import {siteClient} from '#src/lib/sanity.ts'
import {routeHead} from '#src/lib/seo/route-head.ts'
import 'uplot/dist/uPlot.min.css'
import '#src/styles/admin.css'
import type {Route} from './+types/admin-leads'

/**
 * The staff workspace is a tool, not a marketing page: none of the site's frame (banner, menu,
 * footer, phone bar, registration popup), only its own header.
 */
export const handle = {standalone: true}

/** /admin/leads: the collected leads for staff. The page is static; the data needs a sign-in. */
export async function loader() {
  return {sites: await siteClient.fetch(LEAD_SITES_QUERY)}
}

export const meta: Route.MetaFunction = ({matches}) =>
  routeHead(matches, {
    path: '/admin/leads',
    title: '문의 관리',
    description: '방문예약·관심고객 문의 관리',
    noindex: true,
  })

/**
 * The staff's views: the day's visitors and calls (오늘), the dashboard, the leads, who is
 * coming (방문 일정), the texts sent (문자 발송함), the visitors' requests about their data
 * (요청 처리), the account's second factors (2단계 인증), and for administrators the staff
 * accounts (직원 관리), the monthly review of the access record (접속기록 점검) and the
 * machinery's health (운영 상태), whose open incidents head every view.
 */
const VIEWS = [
  ['today', '오늘'],
  ['dashboard', '대시보드'],
  ['leads', '문의 목록'],
  ['visits', '방문 일정'],
  ['messages', '문자 발송함'],
  ['requests', '요청 처리'],
  ['security', '2단계 인증'],
] as const
/**
 * Administrators' views besides: the staff accounts, the monthly review of the access record
 * and the machinery's health.
 */
const ADMINISTRATOR_VIEWS = [
  ['staff', '직원 관리'],
  ['access', '접속기록 점검'],
  ['health', '운영 상태'],
] as const

type View = (typeof VIEWS | typeof ADMINISTRATOR_VIEWS)[number][0]

export default function AdminLeads({loaderData}: Route.ComponentProps) {
  const {sites: allSites} = loaderData
  const {settings} = useLayoutData()
  const consent = useConsentNotice()
  const [chosen, setView] = useState<View | null>(null)
  // A visitor's QR code opened in a staff phone's camera app: the schedule checks them in.
  useEffect(() => {
    if (readCheckInTarget(window.location.hash)) setView('visits')
  }, [])
  const session = useSyncExternalStore(
    adminSession.subscribe,
    adminSession.getSnapshot,
    adminSession.getSnapshot,
  )
  const administrator = session.status === 'signedIn' && session.sites === null
  // A counsellor starts the day on 오늘; an administrator on the dashboard.
  const view: View =
    chosen ?? (session.status === 'signedIn' && !administrator ? 'today' : 'dashboard')
  // A counsellor is offered only the sites their account may see; the server checks anyway.
  const sites = offeredSites(allSites, session)
  const views = administrator ? [...VIEWS, ...ADMINISTRATOR_VIEWS] : VIEWS
  return (
    <>
      <header className="staff-header">
        <p>{settings.brandName ?? settings.complexName} 상담 관리</p>
      </header>
      <main id="main" className="admin-page">
        <h1>문의 관리</h1>
        {session.status === 'signedIn' ? (
          <>
            {administrator ? <IncidentBanner view={view} onOpen={() => setView('health')} /> : null}
            <nav className="admin-views" aria-label="관리 화면">
              {views.map(([key, label]) => (
                <button
                  key={key}
                  type="button"
                  aria-pressed={view === key}
                  onClick={() => setView(key)}
                >
                  {label}
                </button>
              ))}
            </nav>
            <AwayToggle />
            {view === 'today' ? (
              <TodayView sites={sites} />
            ) : view === 'dashboard' ? (
              <>
                {administrator ? <AccessReviewReminder onOpen={() => setView('access')} /> : null}
                <OpenRequestsNotice onOpen={() => setView('requests')} />
                <StatsDashboard sites={sites} />
                {administrator ? <DestructionRuns /> : null}
              </>
            ) : view === 'access' && administrator ? (
              <AccessReview />
            ) : view === 'health' && administrator ? (
              <OperationsHealth sites={allSites} />
            ) : view === 'requests' ? (
              <RequestsQueue sites={sites} />
            ) : view === 'leads' ? (
              <LeadsView email={session.email} sites={sites} administrator={administrator} />
            ) : view === 'visits' ? (
              <VisitSchedule sites={sites} consent={consent} />
            ) : view === 'staff' && administrator ? (
              <StaffAccounts email={session.email} sites={sites} />
            ) : view === 'messages' ? (
              <TextsOutbox sender={settings.phone ?? null} />
            ) : view === 'security' ? (
              <SecondFactorSetup email={session.email} first={false} />
            ) : null}
            <IdleWarningDialog />
          </>
        ) : session.status === 'secondFactor' ? (
          // The password alone: the second factor, or the first one's enrolment, and nothing else.
          hasSecondFactor(session.enrolled) ? (
            <SecondFactorStep email={session.email} enrolled={session.enrolled} />
          ) : (
            <SecondFactorSetup email={session.email} first initial={session.enrolled} />
          )
        ) : session.status === 'signedOut' ? (
          <AdminSignIn notice={session.notice} />
        ) : (
          <p className="leads-loading">로그인 상태를 확인하는 중...</p>
        )}
      </main>
    </>
  )
}
