import type {JobHealth} from '#shared/operations/health.ts'
import {FormError} from '#src/components/forms/FormError.tsx'
import {formatLeadTime} from './lead-labels.ts'
import {fetchHealth} from '#src/lib/api/operations.ts'
import {useLoaded} from '#src/lib/use-loaded.ts'
import {
  ageText,
  durationText,
  incidentTitle,
  JOB_STATE_LABELS,
  jobState,
  sizeText,
} from './operations-labels.ts'

interface OperationsHealthProps {
  sites: ReadonlyArray<{slug: string | null; name: string | null}>
}

const count = (n: number) => `${n.toLocaleString('ko-KR')}건`

/** When a section's figures were read. */
function ReadAt({at}: {at: string}) {
  return <p className="health-read-at">{formatLeadTime(at)} 기준</p>
}

/** A figure under its name; a bad one is marked by ⚠ beside the name and an edge. */
function Figure({name, value, bad = false}: {name: string; value: string; bad?: boolean}) {
  return (
    <div className={bad ? 'health-bad' : undefined}>
      <dt>
        {bad ? <span aria-hidden="true">⚠ </span> : null}
        {name}
      </dt>
      <dd>{value}</dd>
    </div>
  )
}

function JobRow({job, now}: {job: JobHealth; now: number}) {
  const state = jobState(job)
  const bad = state === 'late' || state === 'failed'
  return (
    <tr className={bad ? 'health-bad' : undefined}>
      <th scope="row" data-label="작업">
        {job.label}
      </th>
      <td data-label="주기">{job.every}</td>
      <td data-label="마지막 실행">
        {job.lastRunAt
          ? `${formatLeadTime(job.lastRunAt)} (${ageText(job.lastRunAt, now)} 전)`
          : '-'}
      </td>
      <td data-label="걸린 시간">
        {job.lastDurationMs === null ? '-' : durationText(job.lastDurationMs)}
      </td>
      <td data-label="한 일" className="health-did">
        {job.did ?? '-'}
      </td>
      <td data-label="상태" className={`health-state health-state-${state}`}>
        {bad ? <span aria-hidden="true">⚠ </span> : null}
        {JOB_STATE_LABELS[state]}
      </td>
    </tr>
  )
}

/**
 * 운영 상태 (administrators): the machinery staff do not otherwise see, each figure with the
 * time it was read: open incidents, the scheduled jobs' last runs and whether one is late, the
 * texts and the forwarding of the last 24 hours, per site, and the database.
 */
export function OperationsHealth({sites}: OperationsHealthProps) {
  const siteNames = new Map(sites.flatMap((site) => (site.slug ? [[site.slug, site.name]] : [])))
  // The figures stay on screen while they are read again, and when that fails.
  const loaded = useLoaded(fetchHealth, [], {keep: true})
  const health = loaded.data
  const {error} = loaded
  const loading = loaded.state === 'loading'

  const now = health ? Date.parse(health.readAt) : 0
  return (
    <section className="operations-health" aria-labelledby="operations-health-title">
      <div className="health-head">
        <h2 id="operations-health-title">운영 상태</h2>
        <button type="button" onClick={loaded.reload} disabled={loading}>
          {loading ? '불러오는 중...' : '새로 고침'}
        </button>
      </div>
      <p className="lead-muted">
        문자 발송, 문의 전달, 예약 작업과 데이터베이스가 제대로 돌고 있는지 보여 줍니다. 문제가
        생기면 운영 알림 받을 번호로 문자를 보내고, 문자 자체가 실패하면 문의 전달 서비스로
        전자우편을 보냅니다.
      </p>
      <FormError message={error} />
      {!health ? null : (
        <>
          {health.incidents.length > 0 ? (
            <section className="health-incidents" aria-labelledby="health-incidents-title">
              <h3 id="health-incidents-title">
                <span aria-hidden="true">⚠ </span>해결되지 않은 문제
              </h3>
              <ul>
                {health.incidents.map((incident) => (
                  <li key={`${incident.kind}-${incident.subject}`}>
                    <strong>{incidentTitle(incident, health.jobs)}</strong>
                    <p>{incident.detail}</p>
                    <p className="lead-muted">
                      {formatLeadTime(incident.openedAt)}부터 ({ageText(incident.openedAt, now)}
                      째) · 알림: {incident.told}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <p className="health-all-well">지금 해결되지 않은 운영 문제는 없습니다.</p>
          )}

          <section aria-labelledby="health-jobs-title">
            <h3 id="health-jobs-title">예약 작업</h3>
            <ReadAt at={health.jobs[0]?.readAt ?? health.readAt} />
            <div className="leads-table-wrap" tabIndex={0} role="region" aria-label="예약 작업 표">
              <table className="leads-table health-jobs">
                <caption className="visually-hidden">예약 작업마다 마지막 실행과 상태</caption>
                <thead>
                  <tr>
                    <th scope="col">작업</th>
                    <th scope="col">주기</th>
                    <th scope="col">마지막 실행</th>
                    <th scope="col">걸린 시간</th>
                    <th scope="col">한 일</th>
                    <th scope="col">상태</th>
                  </tr>
                </thead>
                <tbody>
                  {health.jobs.map((job) => (
                    <JobRow key={job.name} job={job} now={now} />
                  ))}
                </tbody>
              </table>
            </div>
            <p className="lead-muted">
              주기에 10분을 더한 시간 안에 실행되지 않으면 늦어진 것으로 봅니다. 시각은 한국
              시간입니다.
            </p>
          </section>

          <div className="health-pair">
            <section aria-labelledby="health-texts-title">
              <h3 id="health-texts-title">문자 (최근 24시간)</h3>
              <ReadAt at={health.texts.readAt} />
              <dl className="health-figures">
                <Figure name="보낼 차례" value={count(health.texts.queued)} />
                <Figure name="발송" value={count(health.texts.sent)} />
                <Figure
                  name="실패"
                  value={count(health.texts.failed)}
                  bad={health.texts.failed > 0}
                />
                {health.texts.kept > 0 ? (
                  <Figure name="보내지 않고 보관 (개발용)" value={count(health.texts.kept)} />
                ) : null}
              </dl>
              {health.texts.lastError ? (
                <div className="health-error">
                  <p>
                    <strong>마지막 오류</strong> ({formatLeadTime(health.texts.lastError.at)}):{' '}
                    {health.texts.lastError.words}
                  </p>
                  <p className="lead-muted">문자 서비스의 답: {health.texts.lastError.raw}</p>
                </div>
              ) : null}
            </section>

            <section aria-labelledby="health-forwarding-title">
              <h3 id="health-forwarding-title">문의 전달</h3>
              <ReadAt at={health.forwarding.readAt} />
              <dl className="health-figures">
                <Figure name="전달 대기" value={count(health.forwarding.waiting)} />
                <Figure
                  name="실패 후 재시도 대기"
                  value={count(health.forwarding.failing)}
                  bad={health.forwarding.failing > 0}
                />
                <Figure
                  name="가장 오래 기다린 문의"
                  value={
                    health.forwarding.oldestAt ? ageText(health.forwarding.oldestAt, now) : '-'
                  }
                />
              </dl>
              {health.forwarding.configured ? null : (
                <p className="lead-muted">
                  문의를 전달할 주소(FORM_FORWARD_URL)가 설정되지 않아 문의를 보관만 하고 있습니다.
                </p>
              )}
              {health.forwarding.lastError ? (
                <p className="health-error">
                  <strong>마지막 오류</strong> ({formatLeadTime(health.forwarding.lastError.at)}):{' '}
                  {health.forwarding.lastError.words}
                </p>
              ) : null}
            </section>
          </div>

          <section aria-labelledby="health-sites-title">
            <h3 id="health-sites-title">현장별</h3>
            <ReadAt at={health.texts.readAt} />
            {health.sites.length === 0 ? (
              <p className="lead-muted">아직 접수된 문의가 없습니다.</p>
            ) : (
              <div className="leads-table-wrap" tabIndex={0} role="region" aria-label="현장별 현황">
                <table className="leads-table health-sites">
                  <caption className="visually-hidden">
                    현장마다 문의, 최근 24시간 문자, 전달 대기
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">현장</th>
                      <th scope="col">문의</th>
                      <th scope="col">문자 보낼 차례</th>
                      <th scope="col">문자 발송</th>
                      <th scope="col">문자 실패</th>
                      <th scope="col">전달 대기</th>
                      <th scope="col">가장 오래 기다린 문의</th>
                    </tr>
                  </thead>
                  <tbody>
                    {health.sites.map((row) => (
                      <tr key={row.site}>
                        <th scope="row" data-label="현장">
                          {siteNames.get(row.site) ?? row.site}
                        </th>
                        <td data-label="문의">{count(row.leads)}</td>
                        <td data-label="문자 보낼 차례">{count(row.texts.queued)}</td>
                        <td data-label="문자 발송">{count(row.texts.sent)}</td>
                        <td data-label="문자 실패">{count(row.texts.failed)}</td>
                        <td data-label="전달 대기">{count(row.forwarding.waiting)}</td>
                        <td data-label="가장 오래 기다린 문의">
                          {row.forwarding.oldestAt ? ageText(row.forwarding.oldestAt, now) : '-'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section aria-labelledby="health-database-title">
            <h3 id="health-database-title">데이터베이스</h3>
            <ReadAt at={health.database.readAt} />
            <dl className="health-figures">
              <Figure name="크기" value={sizeText(health.database.sizeBytes)} />
              <Figure name="문의" value={count(health.database.leads)} />
              <Figure name="접속기록" value={count(health.database.accessRecords)} />
            </dl>
          </section>
          <section aria-labelledby="health-publishing-title">
            <h3 id="health-publishing-title">게시와 사이트 빌드</h3>
            {health.publishing ? (
              <>
                <ReadAt at={health.publishing.readAt} />
                <dl className="health-figures">
                  <Figure
                    name="마지막 게시"
                    value={
                      health.publishing.lastPublishAt
                        ? formatLeadTime(health.publishing.lastPublishAt)
                        : '-'
                    }
                  />
                  <Figure
                    name="마지막으로 시작한 빌드"
                    value={
                      health.publishing.lastBuildAt
                        ? formatLeadTime(health.publishing.lastBuildAt)
                        : '-'
                    }
                  />
                  <Figure
                    name="빌드 상태"
                    value={health.publishing.building ? '빌드 중' : '대기 중'}
                  />
                  <Figure
                    name="이어서 할 빌드"
                    value={
                      health.publishing.followUpPending ? '있음 (현재 빌드가 끝나면 시작)' : '없음'
                    }
                  />
                </dl>
              </>
            ) : (
              <p className="health-error">
                게시 상태를 읽지 못했습니다. 잠시 후 다시 확인해 주세요.
              </p>
            )}
          </section>
        </>
      )}
    </section>
  )
}
