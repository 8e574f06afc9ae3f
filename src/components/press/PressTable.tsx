import {useEffect, useRef} from 'react'
import {Link} from 'react-router'
import {formatListDate} from '#src/lib/press/dates.ts'
import {pressNumber} from '#src/lib/press/list.ts'
import {sitePressPostPath} from '#src/lib/page-paths.ts'
import type {PressList} from './usePressList.ts'

export const AUTHOR_LABEL = '관리자'

/**
 * The press board. On narrow screens CSS hides the author and view columns (the cells
 * stay in the table, so the markup is the same at every width). The view counts come from
 * the server once the page runs; a count that has not arrived leaves its cell blank.
 */
export function PressTable({
  siteSlug,
  siteName,
  list,
  views,
}: {
  siteSlug: string
  siteName: string
  list: PressList
  views: Readonly<Record<string, number>>
}) {
  const body = useRef<HTMLTableSectionElement>(null)

  // After '더보기', move focus to the first new title so keyboard and screen-reader users
  // continue where the list grew (the button may be gone by then).
  useEffect(() => {
    if (list.appendedAt === null) return
    body.current?.querySelectorAll<HTMLAnchorElement>('a')[list.appendedAt]?.focus()
  }, [list.appendedAt, list.items])

  return (
    <div className="press-list">
      <table className="press-table">
        <caption className="visually-hidden">
          {siteName} 보도자료 목록 (총 {list.total}건)
        </caption>
        <thead>
          <tr>
            <th scope="col" className="press-no">
              NO
            </th>
            <th scope="col" className="press-title">
              제목
            </th>
            <th scope="col" className="press-date">
              작성일
            </th>
            <th scope="col" className="press-author">
              작성자
            </th>
            <th scope="col" className="press-views">
              조회수
            </th>
          </tr>
        </thead>
        <tbody ref={body}>
          {list.items.length === 0 ? (
            <tr>
              <td colSpan={5} className="press-empty">
                아직 등록된 보도자료가 없습니다.
              </td>
            </tr>
          ) : (
            list.items.map((item, index) => (
              <tr key={item._id}>
                <td className="press-no">{pressNumber(list.total, index)}</td>
                <th scope="row" className="press-title">
                  <Link to={sitePressPostPath(siteSlug, item._id)}>{item.title}</Link>
                </th>
                <td className="press-date">
                  {item.date ? <time dateTime={item.date}>{formatListDate(item.date)}</time> : null}
                </td>
                <td className="press-author">{AUTHOR_LABEL}</td>
                <td className="press-views">{views[item._id]?.toLocaleString('ko-KR')}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      {list.hasMore ? (
        <button
          type="button"
          className="pill press-more"
          onClick={list.loadMore}
          aria-busy={list.loadingMore}
        >
          {list.loadingMore ? '불러오는 중…' : '더보기'}
        </button>
      ) : null}
    </div>
  )
}
