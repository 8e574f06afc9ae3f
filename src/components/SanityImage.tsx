import {useEffect, useRef, useState} from 'react'
import {imageSize, imageSrcSet, imageUrl, isVectorImage, originalImageUrl, type ContentImage} from '~/lib/images.ts'

interface SanityImageProps {
  image: ContentImage | null | undefined
  /** The widest the picture is shown, in CSS pixels: the 1x rendition's width. */
  width: number
  /** `sizes` for the srcset; defaults to "up to `width` px, else the viewport". */
  sizes?: string
  /** Above the fold (hero, banner): fetched eagerly with high priority. */
  priority?: boolean
  /** Fades in once loaded or once the page is scrolled past 200 px. */
  fade?: boolean
  className?: string
  /** Overrides the image's own alt text (e.g. '' for a decorative copy). */
  alt?: string
  /** An SVG (logo, banner) is served as drawn instead of as a WebP rendition. */
  vector?: boolean
}

const FADE_SCROLL_THRESHOLD = 200

/**
 * A content image with its intrinsic size in width/height (so nothing shifts while it
 * loads), WebP renditions in a srcset, and lazy loading unless it is a priority image.
 */
export function SanityImage({image, width, sizes, priority = false, fade = false, className, alt, vector = false}: SanityImageProps) {
  const original = imageSize(image)
  const ref = useRef<HTMLImageElement>(null)
  const [hidden, setHidden] = useState(false)

  useEffect(() => {
    const element = ref.current
    if (!fade || !element || element.complete || window.scrollY > FADE_SCROLL_THRESHOLD) return
    // Only a picture still loading after hydration fades; the prerendered HTML shows all.
    setHidden(true)
    const reveal = () => setHidden(false)
    const onScroll = () => {
      if (window.scrollY > FADE_SCROLL_THRESHOLD) reveal()
    }
    element.addEventListener('load', reveal)
    element.addEventListener('error', reveal)
    window.addEventListener('scroll', onScroll, {passive: true})
    return () => {
      element.removeEventListener('load', reveal)
      element.removeEventListener('error', reveal)
      window.removeEventListener('scroll', onScroll)
    }
  }, [fade])

  if (!image || !original) return null
  const shownWidth = Math.min(width, original.width)
  const shownHeight = Math.round((original.height / original.width) * shownWidth)
  const asDrawn = vector && isVectorImage(image)
  const classes = [className, fade ? 'fade-image' : null, fade && hidden ? 'is-pending' : null].filter(Boolean).join(' ')
  return (
    <img
      ref={ref}
      src={asDrawn ? originalImageUrl(image) : imageUrl(image, shownWidth)}
      srcSet={asDrawn ? undefined : imageSrcSet(image, original.width, shownWidth)}
      sizes={asDrawn ? undefined : (sizes ?? `(max-width: ${shownWidth}px) 100vw, ${shownWidth}px`)}
      width={shownWidth}
      height={shownHeight}
      alt={alt ?? image.alt ?? ''}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={classes || undefined}
    />
  )
}
