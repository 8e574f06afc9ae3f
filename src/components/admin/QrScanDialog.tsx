import {useEffect, useRef, useState} from 'react'
import {type CheckInTarget, readCheckInTarget} from '#shared/visits/check-in-address.ts'
import {createQrReader} from './qr-reader.ts'

interface QrScanDialogProps {
  /** A visitor's check-in QR code was read: the dialog closes itself first. */
  onRead(target: CheckInTarget): void
  onClose(): void
}

const SCAN_INTERVAL_MS = 150

const MESSAGES = {
  starting: '카메라를 켜는 중입니다…',
  scanning: '방문객의 QR 코드를 네모 안에 비춰 주세요.',
  otherCode: '방문 확인용 QR 코드가 아닙니다. 방문객의 예약 확인 화면을 비춰 주세요.',
  noCamera: '카메라를 쓸 수 없습니다. 카메라 권한을 확인하시거나 도착 확인 번호를 입력해 주세요.',
} as const

/**
 * The door's scanner: the device's rear camera in a modal dialog, read a few times a second
 * until a visitor's check-in QR code is in sight. The camera stops when the dialog closes.
 * Without a camera (or its permission) it says so and the typed code remains.
 */
export function QrScanDialog({onRead, onClose}: QrScanDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const video = useRef<HTMLVideoElement>(null)
  const [message, setMessage] = useState<string>(MESSAGES.starting)
  const read = useRef(onRead)
  read.current = onRead

  useEffect(() => {
    dialog.current?.showModal()
    let stopped = false
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: {facingMode: 'environment'},
          audio: false,
        })
      } catch {
        if (!stopped) setMessage(MESSAGES.noCamera)
        return
      }
      const element = video.current
      if (stopped || !element) return
      element.srcObject = stream
      await element.play().catch(() => undefined)
      const reader = await createQrReader()
      if (stopped) return
      setMessage(MESSAGES.scanning)
      const scan = async () => {
        const text = await reader(element).catch(() => null)
        if (stopped) return
        const target = text === null ? null : readCheckInTarget(text)
        if (target) {
          stopped = true
          read.current(target)
          return
        }
        if (text !== null) setMessage(MESSAGES.otherCode)
        timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS)
      }
      void scan()
    }
    void start()
    return () => {
      stopped = true
      clearTimeout(timer)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [])

  return (
    <dialog
      ref={dialog}
      className="qr-scan-dialog"
      aria-labelledby="qr-scan-heading"
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      <h2 id="qr-scan-heading">QR 코드로 방문 확인</h2>
      <div className="qr-scan-frame">
        <video ref={video} muted playsInline aria-hidden="true" />
      </div>
      <p role="status">{message}</p>
      <button type="button" onClick={onClose}>
        닫기
      </button>
    </dialog>
  )
}
