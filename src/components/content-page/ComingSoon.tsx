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

/** The 준비 중 mark of a link to a page or unit type that comes later, as that page says. */
export function ComingSoonMark() {
  return <span className="coming-soon-mark">준비 중</span>
}
