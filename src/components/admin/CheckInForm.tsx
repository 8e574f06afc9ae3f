import {useEffect, useRef, useState, type FormEvent} from 'react'
import {type CheckInTarget, readCheckInTarget} from '#shared/visits/check-in-address.ts'
import {useFocusReturn} from '#src/components/layout/useFocusReturn.ts'
import {QrScanDialog} from './QrScanDialog.tsx'
import {useDeskSite} from './useDeskSite.tsx'

interface CheckInFormProps {
  sites: ReadonlyArray<{slug: string | null; name: string | null}>
  /** The site the schedule shows ('' for all): the form asks for one only then. */
  site: string
  /** Checks the visitor in (a scanned QR code names the visit too); answers the words to announce. */
  onCheckIn(by: {site: string; code: string; visitId?: string}): Promise<{
    ok: boolean
    message: string
  }>
}

/**
 * 도착 확인 at the model house's door: the QR code the visitor's page shows today, scanned
 * with the device's camera, or its 4-digit code typed by the staff member. A staff phone's
 * own camera app opens the workspace at the QR code's address: its fragment is checked in
 * here once, and removed. The outcome is announced in the form's own live region.
 */
export function CheckInForm({sites, site, onCheckIn}: CheckInFormProps) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ok: boolean; message: string} | null>(null)
  const [scanning, setScanning] = useState(false)
  const scanButton = useRef<HTMLButtonElement>(null)
  useFocusReturn(scanning, scanButton)
  const {target, choice} = useDeskSite(sites, site)

  async function checkInScanned(scanned: CheckInTarget) {
    setBusy(true)
    setResult(await onCheckIn(scanned))
    setBusy(false)
  }

  const checkInOpened = useRef(checkInScanned)
  useEffect(() => {
    const opened = readCheckInTarget(window.location.hash)
    if (!opened) return
    history.replaceState(history.state, '', window.location.pathname + window.location.search)
    void checkInOpened.current(opened)
  }, [])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    const outcome = await onCheckIn({site: target, code: code.trim()})
    setBusy(false)
    setResult(outcome)
    if (outcome.ok) setCode('')
  }

  return (
    <form className="check-in-form" onSubmit={(event) => void submit(event)}>
      <h2>도착 확인</h2>
      {choice}
      <label>
        도착 확인 번호
        <input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]{4}"
          maxLength={4}
          required
          aria-describedby="check-in-hint"
        />
      </label>
      <button type="submit" disabled={busy}>
        {busy ? '확인 중…' : '방문 확인'}
      </button>
      <button
        ref={scanButton}
        type="button"
        className="check-in-scan"
        aria-haspopup="dialog"
        onClick={() => setScanning(true)}
      >
        QR 스캔
      </button>
      <p id="check-in-hint" className="lead-muted">
        방문객의 예약 확인 화면에 오늘 표시되는 숫자 4자리입니다.
      </p>
      <p role="status" className={result && !result.ok ? 'is-error' : ''}>
        {result?.message ?? ''}
      </p>
      {scanning ? (
        <QrScanDialog
          onRead={(scanned) => {
            setScanning(false)
            void checkInScanned(scanned)
          }}
          onClose={() => setScanning(false)}
        />
      ) : null}
    </form>
  )
}
