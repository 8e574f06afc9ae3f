import {useEffect, useState} from 'react'

interface DeferredFrameProps {
  src: string
  /** Korean title: what a screen reader announces for the frame. */
  title: string
  allow?: string
  className?: string
}

/** Set once the page's own load is over: frames shown later (a chosen tab) appear at once. */
let pageLoaded = false

/** Runs `run` once the page has loaded and painted, so a frame never competes with it. */
function afterPageLoad(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const schedule = () => {
    timer = setTimeout(() => {
      pageLoaded = true
      run()
    }, 0)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, {once: true})
  return () => {
    window.removeEventListener('load', schedule)
    clearTimeout(timer)
  }
}

/**
 * An embedded player or tour, sized by CSS before it exists. The prerendered HTML holds only
 * the empty box; the frame is added after the page's own load, and lazily, so a video host
 * never delays the first paint. Changing `src` swaps the player.
 */
export function DeferredFrame({src, title, allow, className}: DeferredFrameProps) {
  // Hydration renders what the prerendered HTML holds (no frame), since pageLoaded is false then.
  const [ready, setReady] = useState(pageLoaded)
  useEffect(() => (ready ? undefined : afterPageLoad(() => setReady(true))), [ready])
  return (
    <div className={['embed-frame', className].filter(Boolean).join(' ')} data-ready={ready || undefined}>
      {ready ? (
        <iframe
          key={src}
          src={src}
          title={title}
          loading="lazy"
          allow={allow}
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : null}
    </div>
  )
}
