import type {ConsentNotice} from '#src/lib/registration/consent.ts'

/** What the required consent covers, from the privacy content: shown before it is ticked. */
export function ConsentNoticeList({notice}: {notice: ConsentNotice | null}) {
  return (
    <dl>
      <div>
        <dt>수집 및 이용 목적</dt>
        <dd>{notice?.purpose}</dd>
      </div>
      <div>
        <dt>수집 항목</dt>
        <dd>{notice?.items}</dd>
      </div>
      <div className="consent-retention">
        <dt>보유 및 이용 기간</dt>
        <dd>
          <strong>{notice?.retention}</strong>
        </dd>
      </div>
      <div>
        <dt>동의를 거부할 권리</dt>
        <dd>{notice?.refusal}</dd>
      </div>
    </dl>
  )
}
