import {useEffect, useReducer, useState, useSyncExternalStore} from 'react'
import type {FocusEvent, TouchEvent} from 'react'

/** The narrow-screen premium slider. */
export const SLIDE_INTERVAL_MS = 6000
export const SWIPE_THRESHOLD_PX = 50

export type SliderState = {count: number; index: number}
export type SliderAction =
  {type: 'next'} | {type: 'prev'} | {type: 'select'; index: number} | {type: 'swipe'; dx: number}

/**
 * Cycles through the slides in both directions; a horizontal swipe of at least 50 px moves one
 * slide.
 */
export function sliderReducer(state: SliderState, action: SliderAction): SliderState {
  const {count, index} = state
  switch (action.type) {
    case 'next':
      return {count, index: (index + 1) % count}
    case 'prev':
      return {count, index: (index - 1 + count) % count}
    case 'select':
      return action.index === index || action.index < 0 || action.index >= count
        ? state
        : {count, index: action.index}
    case 'swipe':
      if (action.dx <= -SWIPE_THRESHOLD_PX) return sliderReducer(state, {type: 'next'})
      if (action.dx >= SWIPE_THRESHOLD_PX) return sliderReducer(state, {type: 'prev'})
      return state
  }
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}

/**
 * Slider state plus auto-advance: a new 6000 ms countdown starts after every move, and none
 * runs while the slider is hovered, holds focus, is stopped by its button, sits in a hidden
 * tab, is not shown (`active` false) or motion is unwanted (`motionOk` false).
 */
export function useSlider(count: number, {active, motionOk}: {active: boolean; motionOk: boolean}) {
  const [state, dispatch] = useReducer(sliderReducer, {count, index: 0})
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [stopped, setStopped] = useState(false)
  const [touchStartX, setTouchStartX] = useState<number | null>(null)
  const pageHidden = useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'hidden',
    () => false,
  )

  const rotating = active && motionOk && !stopped
  const running = rotating && !hovered && !focused && !pageHidden

  useEffect(() => {
    if (!running) return
    const timer = setTimeout(() => dispatch({type: 'next'}), SLIDE_INTERVAL_MS)
    return () => clearTimeout(timer)
  }, [running, state.index])

  return {
    index: state.index,
    /** Whether the slider rotates by itself at all (drives the stop/play button and aria-live). */
    rotating,
    stopped,
    toggleStopped: () => setStopped((value) => !value),
    select: (index: number) => dispatch({type: 'select', index}),
    regionProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      },
      onTouchStart: (event: TouchEvent<HTMLElement>) =>
        setTouchStartX(event.touches[0]?.clientX ?? null),
      onTouchEnd: (event: TouchEvent<HTMLElement>) => {
        const endX = event.changedTouches[0]?.clientX
        if (touchStartX !== null && endX !== undefined)
          dispatch({type: 'swipe', dx: endX - touchStartX})
        setTouchStartX(null)
      },
    },
  }
}
