/** Wider than the narrow-screen breakpoint (900 px). */
export const DESKTOP_QUERY = '(min-width: 901px)'
export const MOTION_OK_QUERY = '(prefers-reduced-motion: no-preference)'
