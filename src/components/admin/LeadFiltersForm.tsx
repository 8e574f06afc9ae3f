import {useState, type FormEvent} from 'react'
import {DELIVERY_STATUSES, type DeliveryStatus, type LeadFilters} from './leads-api.ts'
import {STATUS_LABELS} from './lead-labels.ts'

interface LeadFiltersFormProps {
  filters: LeadFilters
  sites: Array<{slug: string | null; name: string | null}>
  fieldErrors: Record<string, string>
  onApply(filters: LeadFilters): void
}

/** Site, date range and delivery status; applied together with the 조회 button. */
export function LeadFiltersForm({filters, sites, fieldErrors, onApply}: LeadFiltersFormProps) {
  const [draft, setDraft] = useState(filters)
  const set = <K extends keyof LeadFilters>(name: K, value: LeadFilters[K]) => setDraft((current) => ({...current, [name]: value}))
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onApply({...draft, spam: filters.spam})
  }
  const error = (name: string) =>
    fieldErrors[name] ? (
      <p id={`lead-filter-${name}-error`} className="field-error">
        {fieldErrors[name]}
      </p>
    ) : null
  const described = (name: string) =>
    fieldErrors[name] ? {'aria-invalid': true, 'aria-describedby': `lead-filter-${name}-error`} : {}
  return (
    <form className="lead-filters" onSubmit={onSubmit} aria-label="문의 검색 조건">
      <div className="form-field">
        <label htmlFor="lead-filter-site">현장</label>
        <select id="lead-filter-site" value={draft.site} onChange={(event) => set('site', event.target.value)}>
          <option value="">전체</option>
          {sites.map((site) =>
            site.slug ? (
              <option key={site.slug} value={site.slug}>
                {site.name ?? site.slug}
              </option>
            ) : null,
          )}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor="lead-filter-from">시작일</label>
        <input id="lead-filter-from" type="date" value={draft.from} onChange={(event) => set('from', event.target.value)} {...described('from')} />
        {error('from')}
      </div>
      <div className="form-field">
        <label htmlFor="lead-filter-to">종료일</label>
        <input id="lead-filter-to" type="date" value={draft.to} onChange={(event) => set('to', event.target.value)} {...described('to')} />
        {error('to')}
      </div>
      {filters.spam ? null : (
        <div className="form-field">
          <label htmlFor="lead-filter-status">전달 상태</label>
          <select
            id="lead-filter-status"
            value={draft.status}
            onChange={(event) => set('status', event.target.value as DeliveryStatus | '')}
          >
            <option value="">전체</option>
            {DELIVERY_STATUSES.filter((status) => status !== 'held').map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit">조회</button>
    </form>
  )
}
