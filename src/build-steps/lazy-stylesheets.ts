import path from 'node:path'

/**
 * React Router marks with '#' a page's stylesheet that a lazily loaded chunk also imports.
 * When that chunk arrives, Vite's loader does not recognise the marked link and inserts the
 * sheet a second time, and the browser restyles and lays out the whole page again, fonts
 * included. Styles that lazily loaded code needs belong to a module the page loads at once.
 */
export function lazyChunkStylesheets(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)#"/g)].map(
    (match) => match[1]!,
  )
}

/** Fails the build when a page links a stylesheet a lazily loaded chunk also imports. */
export function refuseLazyChunkStylesheets(
  clientDir: string,
  contents: ReadonlyMap<string, string>,
): void {
  const problems = [...contents]
    .filter(([file]) => file.endsWith('.html'))
    .flatMap(([file, html]) =>
      lazyChunkStylesheets(html).map((sheet) => `${path.relative(clientDir, file)}: ${sheet}`),
    )
  if (problems.length > 0) {
    throw new Error(
      `A lazily loaded chunk imports a stylesheet the page already has; import it where the page loads it:\n${problems.join('\n')}`,
    )
  }
}
