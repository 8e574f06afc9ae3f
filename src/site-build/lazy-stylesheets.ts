/**
 * React Router marks with '#' a page's stylesheet that a lazily loaded chunk also imports.
 * When that chunk arrives, Vite's loader does not recognise the marked link and inserts the
 * sheet a second time, and the browser restyles and lays out the whole page again, fonts
 * included. Styles that lazily loaded code needs belong to a module the page loads at once.
 */
export function lazyChunkStylesheets(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)#"/g)].map((match) => match[1]!)
}
