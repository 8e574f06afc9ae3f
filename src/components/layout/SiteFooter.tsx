import {NavLink} from 'react-router'
import {SanityImage} from '#src/components/SanityImage.tsx'
import {ModelHouseInfo} from '#src/components/visits/ModelHouseInfo.tsx'
import type {LayoutData} from '#src/lib/layout-data.ts'
import type {ModelHouseFacts} from '#src/lib/visits/model-house.ts'
import {DEFAULT_REGISTRATION_NAME} from '#src/lib/site-brand.ts'
import {PRIVACY_PATH} from '#src/lib/page-paths.ts'
import {FamilySites} from './FamilySites.tsx'
import {RegistrationLink} from './RegistrationLink.tsx'
import {telHref} from './tel-href.ts'

interface SiteFooterProps {
  settings: LayoutData['settings']
  /** The call to action's words: what the shown site's customer page registers. */
  registrationName?: string
  /** The shown site's model house, stated beside the company lines. */
  modelHouse?: ModelHouseFacts | null
  builtOn: string
}

export function SiteFooter({
  settings,
  registrationName = DEFAULT_REGISTRATION_NAME,
  modelHouse,
  builtOn,
}: SiteFooterProps) {
  const company = settings.company
  const details = [
    ['시행', company?.developer],
    ['시공', company?.builder],
    ['대표', company?.ceo],
    ['사업자등록번호', company?.businessNumber],
    // Beside the model house the company's address is named for what it is: the 홍보관.
    [modelHouse ? '홍보관 주소' : '주소', company?.address],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]))

  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-top">
          <p className="footer-name">
            {settings.logoWhite ? (
              <SanityImage
                image={settings.logoWhite}
                width={160}
                vector
                alt={settings.complexName ?? ''}
              />
            ) : (
              settings.complexName
            )}
          </p>
          <nav aria-label="하단 메뉴" className="footer-links">
            {/* On the privacy page the entry marks it (aria-current) rather than reload it. */}
            <NavLink to={PRIVACY_PATH} end>
              개인정보처리방침
            </NavLink>
          </nav>
          <FamilySites sites={settings.familySites ?? []} />
        </div>
        <dl className="footer-company">
          {details.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {modelHouse ? (
          <ModelHouseInfo
            house={modelHouse}
            builtOn={builtOn}
            heading="p"
            className="footer-model-house"
          />
        ) : null}
        {settings.phone ? (
          <p className="footer-phone">
            분양문의 <a href={telHref(settings.phone)}>{settings.phone}</a>
            {settings.counselHours ? <span> ({settings.counselHours})</span> : null}
          </p>
        ) : null}
        <RegistrationLink source="footer" className="footer-cta">
          {registrationName}
        </RegistrationLink>
        {settings.planNotice ? <p className="footer-notice">{settings.planNotice}</p> : null}
        <p className="footer-copyright">
          © {settings.copyrightYear} {settings.brandName || settings.complexName}. All rights
          reserved.
        </p>
      </div>
    </footer>
  )
}
