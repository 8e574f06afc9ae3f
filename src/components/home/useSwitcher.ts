import {useEffect, useReducer} from 'react'

/** Image cross-fade of the unit-plan switcher (a 500 ms fade). */
export const SWITCHER_FADE_MS = 500

export type SwitcherState = {
  count: number
  index: number
  /** The image fading out, kept on screen until the fade ends. */
  leaving: number | null
}

export type SwitcherAction =
  {type: 'prev'} | {type: 'next'} | {type: 'select'; index: number} | {type: 'settle'}

/** A bounded index: previous/next stop at the ends instead of wrapping. */
export function switcherReducer(state: SwitcherState, action: SwitcherAction): SwitcherState {
  if (action.type === 'settle') return state.leaving === null ? state : {...state, leaving: null}
  const target =
    action.type === 'prev'
      ? state.index - 1
      : action.type === 'next'
        ? state.index + 1
        : action.index
  const index = Math.min(Math.max(target, 0), state.count - 1)
  if (index === state.index) return state
  return {...state, index, leaving: state.index}
}

export function useSwitcher(count: number) {
  const [state, dispatch] = useReducer(switcherReducer, {count, index: 0, leaving: null})

  useEffect(() => {
    if (state.leaving === null) return
    const timer = setTimeout(() => dispatch({type: 'settle'}), SWITCHER_FADE_MS)
    return () => clearTimeout(timer)
  }, [state.leaving, state.index])

  return {
    index: state.index,
    leaving: state.leaving,
    canPrev: state.index > 0,
    canNext: state.index < count - 1,
    prev: () => dispatch({type: 'prev'}),
    next: () => dispatch({type: 'next'}),
    select: (index: number) => dispatch({type: 'select', index}),
  }
}
