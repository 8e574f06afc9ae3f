import {useEffect, useRef} from 'react'
import {saveFile} from '#src/lib/save-file.ts'

/**
 * New recovery codes, shown once: the server keeps only their digests. The person saves them
 * (a file, or on paper) and says so; `onDone` then continues.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: readonly string[]
  email: string
  onDone: () => void
}) {
  const heading = useRef<HTMLHeadingElement>(null)
  // The codes replace the form that made them: focus moves to them.
  useEffect(() => heading.current?.focus(), [])
  const file = () =>
    saveFile(
      new Blob([`${email} 복구 코드 (각각 한 번만 쓸 수 있습니다)\n\n${codes.join('\n')}\n`], {
        type: 'text/plain;charset=utf-8',
      }),
      '복구-코드.txt',
    )
  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <h3 id="recovery-codes-title" ref={heading} tabIndex={-1}>
        복구 코드 {codes.length}개
      </h3>
      <p>
        휴대폰이나 패스키를 쓸 수 없을 때 인증 코드 대신 입력합니다. 코드마다 한 번만 쓸 수
        있습니다. <strong>지금 한 번만 보여 드리니</strong> 파일로 저장하거나 적어서 안전한 곳에
        보관해 주세요.
      </p>
      <ol className="recovery-code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="second-factor-actions">
        <button type="button" onClick={file}>
          파일로 저장
        </button>
        <button type="button" className="primary" onClick={onDone}>
          보관했습니다
        </button>
      </div>
    </section>
  )
}
