import {useEffect, useRef, useState} from 'react'
import {
  croppedSrcSet,
  imageSize,
  imageSrcSet,
  imageUrl,
  isVectorImage,
  originalImageUrl,
  type ContentImage,
} from '#src/lib/images.ts'

/**
 * Another cut of the picture for narrow screens (art direction): a box much taller than
 * the picture (a phone's hero) would otherwise get a wide picture of which it shows a
 * third, at three times the bytes.
 */
export interface NarrowCut {
  /** Screens up to this width (CSS px) get the cut. */
  maxWidth: number
  /** The cut's shape, width / height; it is centred on the image's hotspot. */
  aspect: number
  /** The widest the cut is shown, CSS px. */
  width: number
  /** `sizes` of the cut. */
  sizes: string
}

interface SanityImageProps {
  image: ContentImage | null | undefined
  /** The widest the picture is shown, in CSS pixels: the 1x rendition's width. */
  width: number
  /** `sizes` for the srcset; defaults to "up to `width` px, else the viewport". */
  sizes?: string
  /** Above the fold (hero, banner): fetched eagerly with high priority. */
  priority?: boolean
  /**
   * Shown at the edge of the first screen, under its main picture: fetched at low priority
   * even when in view at load (the browser would raise it), so that the main picture and
   * the fonts have the connection first.
   */
  secondary?: boolean
  /** Fades in once loaded or once the page is scrolled past 200 px. */
  fade?: boolean
  className?: string
  /** Overrides the image's own alt text (e.g. '' for a decorative copy). */
  alt?: string
  /** An SVG (logo, banner) is served as drawn instead of as a WebP rendition. */
  vector?: boolean
  /** A cut of another shape for narrow screens (a <picture> source). */
  narrow?: NarrowCut
}

const FADE_SCROLL_THRESHOLD = 200

/**
 * A content image with its intrinsic size in width/height (so nothing shifts while it
 * loads), WebP renditions in a srcset, and lazy loading unless it is a priority image.
 */
export function SanityImage({
  image,
  width,
  sizes,
  priority = false,
  secondary = false,
  fade = false,
  className,
  alt,
  vector = false,
  narrow,
}: SanityImageProps) {
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
  const classes = [className, fade ? 'fade-image' : null, fade && hidden ? 'is-pending' : null]
    .filter(Boolean)
    .join(' ')
  const srcSet = asDrawn ? undefined : imageSrcSet(image, original.width, shownWidth)
  const imageSizes = asDrawn
    ? undefined
    : (sizes ?? `(max-width: ${shownWidth}px) 100vw, ${shownWidth}px`)
  const img = (
    <img
      ref={ref}
      src={asDrawn ? originalImageUrl(image) : imageUrl(image, shownWidth)}
      srcSet={srcSet}
      sizes={imageSizes}
      width={shownWidth}
      height={shownHeight}
      alt={alt ?? image.alt ?? ''}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : secondary ? 'low' : undefined}
      className={classes || undefined}
    />
  )
  if (!narrow || asDrawn) return img

  const narrowMedia = `(max-width: ${narrow.maxWidth}px)`
  const narrowSrcSet = croppedSrcSet(image, original, narrow.aspect, narrow.width)
  return (
    <picture>
      <source
        media={narrowMedia}
        srcSet={narrowSrcSet}
        sizes={narrow.sizes}
        width={narrow.width}
        height={Math.round(narrow.width / narrow.aspect)}
      />
      {img}
    </picture>
  )
}
