/** The placeholder of a page whose content is not published yet. */
export function ComingSoon() {
  return (
    <div className="coming-soon" role="status">
      <p className="coming-soon-title">COMING SOON</p>
      <p>준비 중입니다. 곧 공개됩니다.</p>
      <span className="dot-loader" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
    </div>
  )
}
