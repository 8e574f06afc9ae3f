/** A `tel:` address from a displayed number such as `1661-0440`. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}
