import {useEffect, useState} from 'react'
import {kstDate} from '#shared/korea-time.ts'
import {
  closedLines,
  mapLinkLabel,
  openingLines,
  type ModelHouseFacts,
} from '#src/lib/visits/model-house.ts'
import {linkTarget} from '#schemas/rules/linkHref.ts'

interface ModelHouseInfoProps {
  house: ModelHouseFacts
  /**
   * Korea's date the page was built on: the prerendered page and its hydration list the closed
   * dates from it, and the visitor's own date replaces it once the page runs.
   */
  builtOn: string
  /** The block's heading level where it stands (the footer's is a plain title). */
  heading?: 'h2' | 'h3' | 'p'
  className?: string
}

/**
 * The model house as a visitor needs it before coming: its address with a link to the map,
 * the opening hours by weekday and the days it stays closed. Named 견본주택 wherever it
 * stands, so that it is never taken for the 홍보관 of the company lines.
 */
export function ModelHouseInfo({
  house,
  builtOn,
  heading: Heading = 'h3',
  className = '',
}: ModelHouseInfoProps) {
  const [today, setToday] = useState(builtOn)
  useEffect(() => setToday(kstDate(Date.now())), [])
  const opening = openingLines(house.hours)
  const closed = closedLines(house, today)
  const map = house.mapUrl ? linkTarget(house.mapUrl) : null
  return (
    <div className={`model-house ${className}`}>
      <Heading className="model-house-title">견본주택 안내</Heading>
      <dl className="model-house-facts">
        {house.address ? (
          <div>
            <dt>견본주택 주소</dt>
            <dd>
              {house.address}
              {map?.kind === 'web' ? (
                <>
                  {' '}
                  <a
                    className="model-house-map"
                    href={map.href}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {mapLinkLabel(map.href)}
                    <span className="visually-hidden"> (새 창)</span>
                  </a>
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
        {opening.length > 0 ? (
          <div>
            <dt>운영 시간</dt>
            <dd>
              <ul className="model-house-lines">
                {opening.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {closed.length > 0 ? (
          <div>
            <dt>휴관일</dt>
            <dd>
              <ul className="model-house-lines">
                {closed.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </div>
  )
}
