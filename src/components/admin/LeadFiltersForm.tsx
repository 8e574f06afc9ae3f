import {useState, type FormEvent, type ReactNode} from 'react'
import {
  DELIVERY_STATUSES,
  LEAD_SOURCES,
  LEAD_STAGES,
  NO_FILTERS,
  type DeliveryStatus,
  type LeadFilters,
  type LeadSource,
  type LeadStage,
} from '#src/lib/api/leads.ts'
import {errorAttributes, FieldError} from '#src/components/forms/FieldError.tsx'
import {SiteSelect} from '#src/components/forms/SiteSelect.tsx'
import {SOURCE_LABELS, STAGE_LABELS, STATUS_LABELS} from './lead-labels.ts'

interface LeadFiltersFormProps {
  filters: LeadFilters
  sites: Array<{slug: string | null; name: string | null}>
  /** The campaigns leads came with, offered as the campaign field's suggestions. */
  campaigns: string[]
  fieldErrors: Record<string, string>
  onApply(filters: LeadFilters): void
}

/**
 * Search, site, source, date range, delivery status, stage and campaign; applied together with the 조회
 * button.
 */
export function LeadFiltersForm({
  filters,
  sites,
  campaigns,
  fieldErrors,
  onApply,
}: LeadFiltersFormProps) {
  const [draft, setDraft] = useState(filters)
  const set = <K extends keyof LeadFilters>(name: K, value: LeadFilters[K]) =>
    setDraft((current) => ({...current, [name]: value}))
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onApply({...draft, spam: filters.spam})
  }
  const onReset = () => {
    setDraft({...NO_FILTERS, spam: filters.spam})
    onApply({...NO_FILTERS, spam: filters.spam})
  }
  const field = (name: string, label: string, control: (described: object) => ReactNode) => (
    <div className={`form-field lead-filter-${name}`}>
      <label htmlFor={`lead-filter-${name}`}>{label}</label>
      {control(errorAttributes(`lead-filter-${name}-error`, fieldErrors[name]))}
      <FieldError id={`lead-filter-${name}-error`} message={fieldErrors[name]} />
    </div>
  )
  return (
    <form className="lead-filters" onSubmit={onSubmit} aria-label="문의 검색 조건">
      {field('q', '이름·연락처', (described) => (
        <input
          id="lead-filter-q"
          type="search"
          placeholder="예) 홍길동, 5678"
          value={draft.q}
          onChange={(event) => set('q', event.target.value)}
          {...described}
        />
      ))}
      <div className="form-field lead-filter-site">
        <SiteSelect
          id="lead-filter-site"
          sites={sites}
          value={draft.site}
          onChange={(site) => set('site', site)}
          empty="전체"
          {...errorAttributes('lead-filter-site-error', fieldErrors.site)}
        />
        <FieldError id="lead-filter-site-error" message={fieldErrors.site} />
      </div>
      {field('source', '접수 경로', (described) => (
        <select
          id="lead-filter-source"
          value={draft.source}
          onChange={(event) => set('source', event.target.value as LeadSource | '')}
          {...described}
        >
          <option value="">전체</option>
          {LEAD_SOURCES.map((source) => (
            <option key={source} value={source}>
              {SOURCE_LABELS[source]}
            </option>
          ))}
        </select>
      ))}
      {field('campaign', '캠페인', (described) => (
        <>
          <input
            id="lead-filter-campaign"
            type="text"
            list="lead-campaigns"
            value={draft.campaign}
            onChange={(event) => set('campaign', event.target.value)}
            {...described}
          />
          <datalist id="lead-campaigns">
            {campaigns.map((campaign) => (
              <option key={campaign} value={campaign} />
            ))}
          </datalist>
        </>
      ))}
      {field('from', '시작일', (described) => (
        <input
          id="lead-filter-from"
          type="date"
          value={draft.from}
          onChange={(event) => set('from', event.target.value)}
          {...described}
        />
      ))}
      {field('to', '종료일', (described) => (
        <input
          id="lead-filter-to"
          type="date"
          value={draft.to}
          onChange={(event) => set('to', event.target.value)}
          {...described}
        />
      ))}
      {filters.spam
        ? null
        : field('status', '전달 상태', (described) => (
            <select
              id="lead-filter-status"
              value={draft.status}
              onChange={(event) => set('status', event.target.value as DeliveryStatus | '')}
              {...described}
            >
              <option value="">전체</option>
              {DELIVERY_STATUSES.filter((status) => status !== 'held').map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          ))}
      {field('stage', '상태', (described) => (
        <select
          id="lead-filter-stage"
          value={draft.stage}
          onChange={(event) => set('stage', event.target.value as LeadStage | '')}
          {...described}
        >
          <option value="">전체</option>
          {LEAD_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {STAGE_LABELS[stage]}
            </option>
          ))}
        </select>
      ))}
      <div className="lead-filter-actions">
        <button type="submit">조회</button>
        <button type="button" onClick={onReset}>
          초기화
        </button>
      </div>
    </form>
  )
}
