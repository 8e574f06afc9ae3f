import type {AccessFlags as Flags} from '#shared/access/access-record.ts'
import {kstDateTime, kstTime} from '#shared/korea-time.ts'
import {actorLabel, FLAG_LABELS, refusalLabel} from './access-labels.ts'

const at = (iso: string) => kstDateTime(Date.parse(iso))
const time = (iso: string) => kstTime(Date.parse(iso))

interface Kind {
  key: keyof Flags
  title: string
  /** Why the kind deserves a look, for the reviewer. */
  hint: string
  lines: string[]
  /** A line that needs an answer, not only a look (a download without its reason). */
  urgent?: boolean[]
}

function kinds(flags: Flags, threshold: number): Kind[] {
  return [
    {
      key: 'downloads',
      title: FLAG_LABELS.download,
      hint: '내려받은 사유가 업무에 맞는지 확인합니다.',
      lines: flags.downloads.map(
        (item) =>
          `${at(item.at)} · ${item.actor} · ${item.address} · ` +
          `${item.count === null ? '건수 미상' : `${item.count.toLocaleString('ko-KR')}건`} · ` +
          `사유: ${item.reason ?? '적지 않음'}`,
      ),
      urgent: flags.downloads.map((item) => item.reason === null),
    },
    {
      key: 'bulk',
      title: FLAG_LABELS.bulk,
      hint: `한 사람이 한 시간 안에 ${threshold}건보다 많은 문의를 열어 본 때입니다.`,
      lines: flags.bulk.map(
        (item) =>
          `${item.actor} · ${at(item.from)}~${time(item.to)} · 문의 ${item.leads}건을 열어 봄`,
      ),
    },
    {
      key: 'night',
      title: FLAG_LABELS.night,
      hint: '밤 10시부터 아침 7시 사이의 접속입니다.',
      lines: flags.night.map(
        (item) =>
          `${item.actor} · ${item.night} 밤 ${time(item.first)}~${time(item.last)} · ` +
          `${item.requests}회`,
      ),
    },
    {
      key: 'newAddresses',
      title: FLAG_LABELS['new-address'],
      hint: '지난 30일 동안 그 계정이 쓰지 않은 주소에서 처음 접속한 때입니다.',
      lines: flags.newAddresses.map(
        (item) => `${actorLabel(item.actor)} · ${item.address} · ${at(item.at)}`,
      ),
    },
    {
      key: 'refused',
      title: FLAG_LABELS.refused,
      hint: '권한이 없거나 로그인이 맞지 않아 거절된 요청입니다.',
      lines: flags.refused.map(
        (item) =>
          `${actorLabel(item.actor)} · ${item.address} · ${refusalLabel(item.refused)} · ` +
          `${item.requests}회 (${at(item.first)}~${time(item.last)})`,
      ),
    },
  ]
}

/**
 * What the month's record flags for a look: each kind found, with why it deserves one, and
 * in one line the kinds that were not.
 */
export function AccessFlags({flags, threshold}: {flags: Flags; threshold: number}) {
  const all = kinds(flags, threshold)
  const found = all.filter((kind) => kind.lines.length > 0)
  const none = all.filter((kind) => kind.lines.length === 0)
  return (
    <section className="access-flags" aria-labelledby="access-flags-title">
      <h2 id="access-flags-title">살펴볼 항목</h2>
      {found.length === 0 ? <p>이 기간에는 살펴볼 항목이 없습니다.</p> : null}
      <div className="access-flag-list">
        {found.map(({key, title, hint, lines, urgent}) => (
          <section key={key} className="access-flag" aria-labelledby={`access-flag-${key}`}>
            <h3 id={`access-flag-${key}`}>
              {title} <span className="access-flag-count">{lines.length}건</span>
            </h3>
            <p className="lead-muted">{hint}</p>
            <ul>
              {lines.map((line, index) => (
                <li key={index} className={urgent?.[index] ? 'is-urgent' : undefined}>
                  {line}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {found.length > 0 && none.length > 0 ? (
        <p className="lead-muted">없음: {none.map((kind) => kind.title).join(', ')}</p>
      ) : null}
    </section>
  )
}
