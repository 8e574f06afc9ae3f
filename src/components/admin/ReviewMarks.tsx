import {useState, type FormEvent} from 'react'
import type {AccessReviewMark} from '#shared/access/access-record.ts'
import {kstDateTime} from '#shared/korea-time.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {FormError} from '#src/components/forms/FormError.tsx'
import {monthLabel} from './access-labels.ts'
import {markMonthReviewed} from '#src/lib/api/access.ts'

interface ReviewMarksProps {
  month: string
  /** Whether the month has ended: only an ended month is marked reviewed. */
  ended: boolean
  marks: AccessReviewMark[]
  onMarked: (marks: AccessReviewMark[]) => void
}

const NOTE_MAX = 2000

/** Who reviewed the month, when and what they noted, and the form to add a mark. */
export function ReviewMarks({month, ended, marks, onMarked}: ReviewMarksProps) {
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setNotice(null)
    const result = await markMonthReviewed(month, note)
    setBusy(false)
    if (!result.ok) {
      setError(result.fields?.note || result.fields?.month ? null : result.error)
      setFieldError(result.fields?.note ?? result.fields?.month ?? null)
      return
    }
    setError(null)
    setFieldError(null)
    setNote('')
    setNotice(`${monthLabel(month)}을 점검 완료로 표시했습니다.`)
    onMarked(result.reviews)
  }

  return (
    <section className="access-marks" aria-labelledby="access-marks-title">
      <h2 id="access-marks-title">{monthLabel(month)} 점검 기록</h2>
      {marks.length === 0 ? (
        ended ? (
          <p className="access-unreviewed">아직 점검하지 않았습니다.</p>
        ) : null
      ) : (
        <ul>
          {marks.map((mark) => (
            <li key={mark.at}>
              <strong>점검 완료</strong> {kstDateTime(Date.parse(mark.at))} · {mark.reviewer}
              <p>{mark.note}</p>
            </li>
          ))}
        </ul>
      )}
      {ended ? (
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className="form-field">
            <label htmlFor="access-mark-note">점검 내용</label>
            <textarea
              id="access-mark-note"
              value={note}
              maxLength={NOTE_MAX}
              rows={3}
              placeholder="예: 다운로드 사유 확인, 야간 접속은 행사 준비로 확인, 이상 없음"
              {...errorAttributes('access-mark-note-error', fieldError)}
              onChange={(event) => setNote(event.target.value)}
            />
            <FieldError id="access-mark-note-error" message={fieldError} />
          </div>
          <FormError message={error} />
          <button type="submit" disabled={busy}>
            점검 완료로 표시
          </button>
        </form>
      ) : (
        <p className="lead-muted">이 달이 끝난 뒤에 점검 완료로 표시할 수 있습니다.</p>
      )}
      <p role="status" className="leads-notice">
        {notice}
      </p>
    </section>
  )
}
