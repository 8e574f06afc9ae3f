/** Runs `run` once the page's HTML has been parsed (at once if it has been). */
export function whenParsed(run: () => void): void {
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', run, {once: true})
  else run()
}
