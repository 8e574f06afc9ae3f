import {useEffect, useId, useRef, useState, type FormEvent} from 'react'
import {
  cleanReason,
  EXPORT_COLUMN_GROUPS,
  EXPORT_COLUMNS,
  EXPORT_PURPOSES,
  filePasswordErrors,
  readColumns,
  REASON_MAX,
  reasonError,
  type ExportColumn,
} from '#shared/leads/export.ts'
import type {FieldErrors} from '#shared/field-errors.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {FormError} from '#src/components/forms/FormError.tsx'
import {exportLeads, type LeadFilters, type LeadsExport} from '#src/lib/api/leads.ts'

interface LeadsExportDialogProps {
  filters: LeadFilters
  /** An administrator may also take the plain CSV; a counsellor gets the encrypted ZIP only. */
  administrator: boolean
  /** The file was saved: the dialog's words for the list's notice. */
  onExported(notice: string): void
  onClose(): void
}

/** The fields of the dialog that a refusal may name, in the order they stand. */
const DIALOG_FIELDS = ['reason', 'columns', 'password', 'passwordConfirm']

/** The choice of a purpose typed rather than picked. */
const TYPED = 'typed'

const LABELS = new Map(EXPORT_COLUMNS.map((column) => [column.key, column.label]))

/**
 * The export of the filtered leads as a modal dialog (the page behind is inert, so focus stays
 * in it; it goes back to the button that opened it on close): the purpose, picked or typed; the
 * columns, none ticked until a purpose suggests some or the person ticks them; the file's
 * format and password. Nothing of it is remembered: each export is chosen afresh.
 */
export function LeadsExportDialog({
  filters,
  administrator,
  onExported,
  onClose,
}: LeadsExportDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const id = useId()
  const [purpose, setPurpose] = useState<string | null>(null)
  const [typed, setTyped] = useState('')
  const [columns, setColumns] = useState<readonly ExportColumn[]>([])
  // A purpose ticks its columns only until the person chooses columns themselves.
  const [columnsChosen, setColumnsChosen] = useState(false)
  const [format, setFormat] = useState<LeadsExport['format']>('zip')
  const [password, setPassword] = useState('')
  const [passwordConfirm, setPasswordConfirm] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const opener = useRef<HTMLElement | null>(null)

  useEffect(() => {
    if (dialog.current?.open) return
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    dialog.current?.showModal()
  }, [])

  /**
   * Closes the dialog and puts the focus back on what opened it, before the page removes it:
   * the page behind is inert until the dialog is closed, and a keyboard user's next Tab starts
   * from where the focus is then.
   */
  const leave = (then: () => void) => {
    dialog.current?.close()
    opener.current?.focus()
    then()
  }

  const field = (name: string) => `${id}-${name}`
  /** Focus on the first control of the first refused field, where its message is. */
  const focusFirst = (refused: FieldErrors) => {
    const first = DIALOG_FIELDS.find((name) => refused[name])
    if (!first) return
    const target =
      first === 'reason' && purpose === TYPED
        ? document.getElementById(field('typed'))
        : dialog.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)
    target?.focus()
  }

  /** A field the person changes loses its message: it is checked again when sent. */
  const changed = (name: string) =>
    setErrors((current) => {
      if (!current[name]) return current
      const rest = {...current}
      delete rest[name]
      return rest
    })

  function pickPurpose(value: string) {
    changed('reason')
    setPurpose(value)
    const suggested = EXPORT_PURPOSES.find((choice) => choice.reason === value)
    if (suggested && !columnsChosen) {
      changed('columns')
      setColumns(suggested.columns)
    }
  }

  function toggleColumn(key: ExportColumn, on: boolean) {
    changed('columns')
    setColumnsChosen(true)
    setColumns((current) => (on ? [...current, key] : current.filter((other) => other !== key)))
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const reason = cleanReason(purpose === TYPED ? typed : (purpose ?? ''))
    const refused: FieldErrors = {}
    const reasonProblem = reasonError(reason)
    if (reasonProblem) refused.reason = reasonProblem
    const chosen = readColumns(columns)
    if (!chosen.ok) refused.columns = chosen.error
    if (format === 'zip') Object.assign(refused, filePasswordErrors(password, passwordConfirm))
    setErrors(refused)
    setFormError(null)
    if (Object.keys(refused).length > 0) {
      focusFirst(refused)
      return
    }
    setBusy(true)
    const result = await exportLeads(filters, {
      reason,
      columns,
      format,
      password,
      passwordConfirm,
    })
    setBusy(false)
    if (!result.ok) {
      const fields = result.fields ?? {}
      setErrors(fields)
      // A refusal of no field of this dialog (the filters, the sign-in) is said above its buttons.
      setFormError(DIALOG_FIELDS.some((name) => fields[name]) ? null : result.error)
      focusFirst(fields)
      return
    }
    const notice =
      format === 'zip'
        ? `${result.name} 파일을 내려받았습니다. 압축을 풀 때 방금 정한 파일 암호를 입력하세요.`
        : `${result.name} 파일을 내려받았습니다. 쓰고 나면 바로 지워 주세요.`
    leave(() => onExported(notice))
  }

  const personal = columns.includes('name') || columns.includes('phone')
  return (
    <dialog
      ref={dialog}
      className="leads-export-dialog"
      aria-labelledby={field('heading')}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) leave(onClose)
      }}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <h2 id={field('heading')}>문의 목록 내려받기</h2>
        <p className="leads-export-lead">
          지금 검색 조건에 맞는 문의를 파일로 내려받습니다. 내려받은 사람, 목적, 항목과 건수는
          기록으로 남습니다.
        </p>

        <fieldset
          className="leads-export-purpose"
          {...errorAttributes(field('reason-error'), errors.reason)}
        >
          <legend>
            내려받는 목적 <span className="required-mark">(필수)</span>
          </legend>
          {[...EXPORT_PURPOSES.map((choice) => choice.reason), TYPED].map((value, index) => (
            <label key={value} className="leads-export-choice">
              <input
                type="radio"
                name={field('purpose')}
                value={value}
                checked={purpose === value}
                onChange={() => pickPurpose(value)}
                data-field={index === 0 ? 'reason' : undefined}
              />
              {value === TYPED ? '직접 입력' : value}
            </label>
          ))}
          {purpose === TYPED ? (
            <div className="form-field">
              <label htmlFor={field('typed')}>목적 직접 입력</label>
              <input
                id={field('typed')}
                type="text"
                maxLength={REASON_MAX}
                value={typed}
                onChange={(event) => {
                  changed('reason')
                  setTyped(event.target.value)
                }}
                {...errorAttributes(field('reason-error'), errors.reason, field('typed-hint'))}
              />
              <p id={field('typed-hint')} className="leads-export-hint">
                예) 분양 상담팀 주간 회의 자료 (2~{REASON_MAX}자)
              </p>
            </div>
          ) : null}
          <FieldError id={field('reason-error')} message={errors.reason} />
        </fieldset>

        <fieldset
          className="leads-export-columns"
          {...errorAttributes(field('columns-error'), errors.columns, field('columns-hint'))}
        >
          <legend>
            파일에 담을 항목 <span className="required-mark">(필수)</span>
          </legend>
          <p id={field('columns-hint')} className="leads-export-hint">
            일에 필요한 항목만 고르세요. 목적을 고르면 그 일에 맞는 항목이 먼저 골라집니다.
          </p>
          <div className="leads-export-groups">
            {EXPORT_COLUMN_GROUPS.map((group, groupIndex) => (
              <fieldset key={group.label} className="leads-export-group">
                <legend>{group.label}</legend>
                <div className="leads-export-options">
                  {group.columns.map((key, index) => (
                    <label key={key} className="leads-export-choice">
                      <input
                        type="checkbox"
                        checked={columns.includes(key)}
                        onChange={(event) => toggleColumn(key, event.target.checked)}
                        data-field={groupIndex === 0 && index === 0 ? 'columns' : undefined}
                      />
                      {LABELS.get(key)}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
          <p className="leads-export-count" aria-live="polite">
            {columns.length > 0
              ? `${columns.length}개 항목을 골랐습니다.`
              : '고른 항목이 없습니다.'}
            {personal ? ' 이름이나 연락처가 담긴 파일은 쓰고 나면 지워 주세요.' : ''}
          </p>
          {columns.length > 0 ? (
            <button
              type="button"
              className="leads-export-clear"
              onClick={() => {
                setColumnsChosen(true)
                setColumns([])
              }}
            >
              모두 해제
            </button>
          ) : null}
          <FieldError id={field('columns-error')} message={errors.columns} />
        </fieldset>

        {administrator ? (
          <fieldset className="leads-export-format">
            <legend>파일 형식</legend>
            <label className="leads-export-choice">
              <input
                type="radio"
                name={field('format')}
                checked={format === 'zip'}
                onChange={() => setFormat('zip')}
              />
              암호를 건 ZIP 파일 (권장)
            </label>
            <label className="leads-export-choice">
              <input
                type="radio"
                name={field('format')}
                checked={format === 'csv'}
                onChange={() => setFormat('csv')}
              />
              암호 없는 CSV 파일 (관리자만)
            </label>
          </fieldset>
        ) : (
          <p className="leads-export-hint">
            개인정보가 직원 PC에 그대로 남지 않도록, 파일은 암호를 건 ZIP으로만 내려받습니다.
          </p>
        )}

        {format === 'zip' ? (
          <div className="leads-export-password">
            <div className="form-field">
              <label htmlFor={field('password')}>파일 암호</label>
              <input
                id={field('password')}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => {
                  changed('password')
                  setPassword(event.target.value)
                }}
                data-field="password"
                {...errorAttributes(
                  field('password-error'),
                  errors.password,
                  field('password-hint'),
                )}
              />
              <FieldError id={field('password-error')} message={errors.password} />
            </div>
            <div className="form-field">
              <label htmlFor={field('password-confirm')}>파일 암호 확인</label>
              <input
                id={field('password-confirm')}
                type="password"
                autoComplete="new-password"
                value={passwordConfirm}
                onChange={(event) => {
                  changed('passwordConfirm')
                  setPasswordConfirm(event.target.value)
                }}
                data-field="passwordConfirm"
                {...errorAttributes(field('password-confirm-error'), errors.passwordConfirm)}
              />
              <FieldError id={field('password-confirm-error')} message={errors.passwordConfirm} />
            </div>
            <p id={field('password-hint')} className="leads-export-hint">
              8~64자, 영문·숫자·기호 중 두 가지 이상을 섞어 주세요. 암호는 어디에도 저장되지
              않습니다. 압축은 반디집, 알집, 7-Zip처럼 AES 암호를 지원하는 프로그램으로 풉니다.
            </p>
          </div>
        ) : (
          <p className="leads-export-hint">
            암호 없는 파일은 열어 본 컴퓨터에 그대로 남습니다. 쓰고 나면 바로 지워 주세요.
          </p>
        )}

        <FormError message={formError} />
        <div className="leads-export-actions">
          <button type="button" onClick={() => leave(onClose)} disabled={busy}>
            취소
          </button>
          <button type="submit" disabled={busy}>
            {busy
              ? '파일을 만드는 중…'
              : format === 'zip'
                ? 'ZIP 파일 내려받기'
                : 'CSV 파일 내려받기'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
