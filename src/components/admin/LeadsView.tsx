import {useState} from 'react'
import {adminSession} from '#src/lib/admin-session.ts'
import {LeadCards} from './LeadCards.tsx'
import {LeadDetailPanel} from './LeadDetailPanel.tsx'
import {LeadFiltersFold} from './LeadFiltersFold.tsx'
import {LeadFiltersForm} from './LeadFiltersForm.tsx'
import {siteNamesOf} from './lead-labels.ts'
import {LeadsTable} from './LeadsTable.tsx'
import {LeadsExportDialog} from './LeadsExportDialog.tsx'
import {
  deleteLead,
  fetchLeads,
  NO_FILTERS,
  resendLead,
  type Lead,
  type LeadFilters,
} from '#src/lib/api/leads.ts'
import {FormError} from '#src/components/forms/FormError.tsx'
import {useLoaded} from '#src/lib/use-loaded.ts'

interface LeadsViewProps {
  email: string
  sites: Array<{slug: string | null; name: string | null}>
  /** An administrator may also export the plain CSV; a counsellor exports encrypted files only. */
  administrator: boolean
}

/**
 * The signed-in staff view: filters, the leads newest first with 'more', re-send, deletion and the
 * export of a file.
 */
export function LeadsView({email, sites, administrator}: LeadsViewProps) {
  const [filters, setFilters] = useState<LeadFilters>(NO_FILTERS)
  const [campaigns, setCampaigns] = useState<string[]>([])
  // The rows belong to the filters they were loaded for: other filters show none of them.
  const list = useLoaded(
    async () => {
      const result = await fetchLeads(filters, null)
      return result.ok ? {...result, filters} : result
    },
    [filters],
    {keep: true, onLoaded: (answer) => answer.campaigns && setCampaigns(answer.campaigns)},
  )
  const [loadingMore, setLoadingMore] = useState(false)
  // A page that failed to load, for the filters it was asked for.
  const [moreFailed, setMoreFailed] = useState<{filters: LeadFilters; error: string} | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [opened, setOpened] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const siteNames = siteNamesOf(sites)
  const current = list.data?.filters === filters ? list.data : null
  const leads = current?.leads ?? []
  const error = list.error ?? (moreFailed?.filters === filters ? moreFailed.error : null)
  const loading = (!current && !error) || loadingMore
  const nextCursor = current?.nextCursor ?? null

  /** Shows the list's leads changed by `change`. */
  const changeLeads = (change: (leads: Lead[]) => Lead[]) =>
    list.setData((data) => data && {...data, leads: change(data.leads)})

  async function loadMore(cursor: string) {
    setLoadingMore(true)
    setMoreFailed(null)
    const result = await fetchLeads(filters, cursor)
    setLoadingMore(false)
    if (!result.ok) return setMoreFailed({filters, error: result.error})
    // The page joins the rows of the filters it was asked for, if they are still shown.
    list.setData((data) =>
      data && data.filters === filters
        ? {...data, leads: [...data.leads, ...result.leads], nextCursor: result.nextCursor}
        : data,
    )
  }

  async function onResend(id: string) {
    setBusy(id)
    setNotice(null)
    const result = await resendLead(id)
    setBusy(null)
    if (!result.ok) {
      setNotice(result.error)
      return
    }
    changeLeads((leads) => leads.map((lead) => (lead.id === id ? result.lead : lead)))
    setNotice(
      result.delivered
        ? `${result.lead.receipt} 문의를 전달했습니다.`
        : `${result.lead.receipt} 문의를 다시 보냈지만 전달되지 않았습니다.`,
    )
  }

  async function onDelete(lead: Lead) {
    // Deleting answers a visitor's request to erase their data: it cannot be undone.
    if (
      !window.confirm(
        `${lead.receipt} (${lead.name}) 문의를 삭제할까요? 삭제하면 되돌릴 수 없습니다.`,
      )
    )
      return
    setBusy(lead.id)
    setNotice(null)
    const result = await deleteLead(lead.id)
    setBusy(null)
    if (!result.ok) {
      setNotice(result.error)
      return
    }
    changeLeads((leads) => leads.filter((shown) => shown.id !== lead.id))
    setNotice(`${result.receipt} 문의를 삭제했습니다.`)
  }

  return (
    <div className="leads-view">
      <div className="admin-bar">
        <p>
          <strong>{email}</strong> 님으로 로그인했습니다.
        </p>
        <button type="button" onClick={() => void adminSession.logout()}>
          로그아웃
        </button>
      </div>
      <div className="lead-piles" role="group" aria-label="문의 구분">
        <button
          type="button"
          aria-pressed={!filters.spam}
          onClick={() => setFilters({...filters, spam: false})}
        >
          접수된 문의
        </button>
        <button
          type="button"
          aria-pressed={filters.spam}
          onClick={() => setFilters({...filters, spam: true, status: ''})}
        >
          스팸으로 분류된 문의
        </button>
      </div>
      <button
        type="button"
        className="lead-mine"
        aria-pressed={filters.mine}
        onClick={() => setFilters({...filters, mine: !filters.mine})}
      >
        내 리드
      </button>
      <LeadFiltersFold filters={filters}>
        <LeadFiltersForm
          key={String(filters.spam)}
          filters={filters}
          sites={sites}
          campaigns={campaigns}
          fieldErrors={list.fields}
          onApply={(applied) => setFilters({...applied, mine: filters.mine})}
        />
      </LeadFiltersFold>
      <div className="leads-actions">
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => {
            setNotice(null)
            setExporting(true)
          }}
        >
          목록 내려받기
        </button>
      </div>
      {exporting ? (
        <LeadsExportDialog
          filters={filters}
          administrator={administrator}
          onExported={(exported) => {
            setExporting(false)
            setNotice(exported)
          }}
          onClose={() => setExporting(false)}
        />
      ) : null}
      <div role="status" className="leads-notice">
        {notice}
      </div>
      <FormError message={error} />
      {opened ? (
        <LeadDetailPanel
          id={opened}
          siteNames={siteNames}
          onClose={() => setOpened(null)}
          onOpen={setOpened}
          onChanged={(changed) =>
            changeLeads((leads) => leads.map((lead) => (lead.id === changed.id ? changed : lead)))
          }
        />
      ) : null}
      {leads.length > 0 ? (
        <div className="leads-list">
          <LeadsTable
            leads={leads}
            spam={filters.spam}
            busy={busy}
            onResend={(id) => void onResend(id)}
            onDelete={(lead) => void onDelete(lead)}
            onOpen={(lead) => setOpened(lead.id)}
            siteNames={siteNames}
          />
          <LeadCards leads={leads} onOpen={(lead) => setOpened(lead.id)} />
        </div>
      ) : loading ? null : (
        <p className="leads-empty">조건에 맞는 문의가 없습니다.</p>
      )}
      {loading ? <p className="leads-loading">불러오는 중...</p> : null}
      {nextCursor && !loading ? (
        <button type="button" className="leads-more" onClick={() => void loadMore(nextCursor)}>
          더 보기
        </button>
      ) : null}
    </div>
  )
}
