/**
 * The page's own script, inline in every page's <head> (src/root.tsx), so it runs from the first
 * paint, long before the app's modules: it starts them (start-scripts.ts), keeps the presses that
 * need them (held-presses.ts: a registration link's for the popup, a button's for React) and steps
 * the home page's sections by wheel and keys (section-steps.ts). Built into one small
 * self-contained script by src/build-steps/page-script-plugin.ts.
 */
import {holdRegistrationPresses, replayButtonPresses} from './held-presses.ts'
import {stepSectionsByWheel} from './section-steps.ts'
import {startScriptsOnceShown} from './start-scripts.ts'

holdRegistrationPresses(startScriptsOnceShown())
replayButtonPresses()
stepSectionsByWheel()
