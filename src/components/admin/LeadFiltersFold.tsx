import {useEffect, useId, useState, type ReactNode} from 'react'
import {activeFilterCount, type LeadFilters} from '#src/lib/api/leads.ts'

interface LeadFiltersFoldProps {
  /** The filters applied to the list, counted on the control. */
  filters: LeadFilters
  children: ReactNode
}

/**
 * On a phone the filters fold behind one control that says how many are applied, so the
 * leads come first; a desktop shows them open (the stylesheet hides the control there).
 * Applying filters folds them again, showing the list they gave.
 */
export function LeadFiltersFold({filters, children}: LeadFiltersFoldProps) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const count = activeFilterCount(filters)
  useEffect(() => setOpen(false), [filters])
  return (
    <div className="lead-filters-fold" data-open={open}>
      <button
        type="button"
        className="lead-filters-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        검색 조건{' '}
        <span className="lead-filters-count">{count > 0 ? `${count}개 적용 중` : '전체 보기'}</span>
      </button>
      <div id={id} className="lead-filters-body">
        {children}
      </div>
    </div>
  )
}
