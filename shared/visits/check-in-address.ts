/**
 * What a visit's QR code carries: the staff workspace's address with the visit to check in
 * in its fragment. The workspace's scanner reads it; a staff phone's own camera app opens it,
 * and the workspace then checks the visit in after the sign-in. The fragment never reaches a
 * server log; the code in it is the one the visitor's page shows beside the QR.
 */
export interface CheckInTarget {
  site: string
  code: string
  visitId: string
}

const MARK = '#check-in?'

export function checkInAddress(siteUrl: string, target: CheckInTarget): string {
  const query = new URLSearchParams({site: target.site, code: target.code, visit: target.visitId})
  return `${siteUrl.replace(/\/+$/, '')}/admin/leads${MARK}${query}`
}

/** The visit a scanned text or a page's fragment names, or null for anything else. */
export function readCheckInTarget(text: string): CheckInTarget | null {
  const at = text.indexOf(MARK)
  if (at === -1) return null
  const query = new URLSearchParams(text.slice(at + MARK.length))
  const site = query.get('site') ?? ''
  const code = query.get('code') ?? ''
  const visitId = query.get('visit') ?? ''
  if (!site || !/^\d{4}$/.test(code) || !visitId) return null
  return {site, code, visitId}
}
