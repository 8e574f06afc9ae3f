/**
 * What the page script (this folder), the build and the app name in the page's markup,
 * which is all they share: the page script runs before the app's modules exist.
 */

/**
 * The <template> in which the build keeps React Router's startup until the page script puts it in
 * place.
 */
export const STARTUP_TEMPLATE_ID = 'react-router-startup'

/** On <html> from the moment React has hydrated the page: presses are React's from then on. */
export const HYDRATED = 'data-hydrated'

/** On <html> once the registration popup takes presses itself. */
export const POPUP_READY = 'data-popup-ready'

/** On a registration link or a button pressed before then: the press waits, visibly. */
export const PRESS_HELD = 'data-press-held'

/**
 * On the element whose sections the wheel and keys step through on wide screens (the home page).
 */
export const SECTION_STEPS = 'data-section-steps'
