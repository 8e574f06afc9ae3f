import {useId, useState} from 'react'
import {useNavigate} from 'react-router'
import {myInfoPath} from '#shared/visitor-data/contract.ts'
import {saveSession} from '#src/lib/api/visitor-data.ts'
import {CodeSignIn} from './CodeSignIn.tsx'
import {SiteSelect} from '#src/components/forms/SiteSelect.tsx'

/**
 * 내 정보 확인·삭제 on the privacy page: a way to the data page without a link, no harder
 * than registering was (개인정보 보호법 시행령 제41조): the site, the number, the code texted to
 * it; the code opens the site's data page for a short session kept in this tab.
 */
export function PrivacyDataForm({
  sites,
  defaultSite,
}: {
  sites: ReadonlyArray<{slug: string | null; name: string | null}>
  defaultSite: string | null
}) {
  const id = useId()
  const navigate = useNavigate()
  const choices = sites.flatMap((one) =>
    one.slug ? [{slug: one.slug, name: one.name ?? one.slug}] : [],
  )
  const [site, setSite] = useState(defaultSite ?? choices[0]?.slug ?? '')
  return (
    <section id="my-info" className="page-section rights-entry" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>내 정보 확인·삭제</h2>
      <p>
        등록하신 휴대전화 번호로 인증번호를 받아 본인임을 확인하시면, 선택하신 현장에 남아 있는 내
        정보를 보고 고치거나 삭제하실 수 있습니다. 광고 문자 수신도 바로 멈추실 수 있습니다.
      </p>
      <noscript>
        <p>
          이 기능은 자바스크립트가 켜진 브라우저에서 쓰실 수 있습니다. 대표번호로 전화하셔도 됩니다.
        </p>
      </noscript>
      <CodeSignIn
        site={site}
        onSession={(session) => {
          saveSession(site, session)
          void navigate(myInfoPath(site))
        }}
      >
        {choices.length > 1 ? (
          <div className="form-field">
            <SiteSelect id={`${id}-site`} sites={sites} value={site} onChange={setSite} />
          </div>
        ) : null}
      </CodeSignIn>
    </section>
  )
}
