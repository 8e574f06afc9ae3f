import {useEffect, useRef, useState} from 'react'
import type {StaffLinkAnswer} from '#src/lib/api/staff-accounts.ts'
import {formatLeadTime} from './lead-labels.ts'

interface StaffLinkBoxProps {
  link: Omit<StaffLinkAnswer, 'ok'>
  onClose(): void
}

/**
 * A one-time link as the administrator copies it to send: the site sends no e-mail, and the
 * link is shown this once (only its digest is kept). Focus comes here when it appears.
 */
export function StaffLinkBox({link, onClose}: StaffLinkBoxProps) {
  const heading = useRef<HTMLHeadingElement>(null)
  const [copied, setCopied] = useState<string | null>(null)
  const url = `${window.location.origin}${link.path}`
  useEffect(() => heading.current?.focus(), [link.path])

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setCopied('링크를 복사했습니다. 받을 분께 보내 주세요.')
    } catch {
      setCopied('복사하지 못했습니다. 링크 칸을 길게 누르거나 선택해서 복사해 주세요.')
    }
  }

  return (
    <section className="staff-link" aria-labelledby="staff-link-heading">
      <h3 id="staff-link-heading" ref={heading} tabIndex={-1}>
        {link.kind === 'invite' ? '초대 링크' : '비밀번호 재설정 링크'}
      </h3>
      <p>
        <strong>{link.email}</strong> 님께 이 링크를 메신저나 문자, 이메일로 직접 보내 주세요. 이
        사이트는 메일을 보내지 않습니다. 링크는 {formatLeadTime(link.expiresAt)}까지 한 번만 쓸 수
        있고, 이 화면을 벗어나면 다시 볼 수 없습니다. 잃어버렸다면 새 링크를 만들면 됩니다.
      </p>
      <label htmlFor="staff-link-url">링크</label>
      <input
        id="staff-link-url"
        type="url"
        readOnly
        value={url}
        onFocus={(event) => event.target.select()}
      />
      <div className="staff-link-actions">
        <button type="button" onClick={() => void copy()}>
          링크 복사
        </button>
        <button type="button" onClick={onClose}>
          닫기
        </button>
      </div>
      <p role="status" className="leads-notice">
        {copied}
      </p>
    </section>
  )
}
