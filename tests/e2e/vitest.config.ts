import {defineConfig} from 'vitest/config'
import BrowserTestSequencer from './sequencer.ts'

const root = new URL('../..', import.meta.url).pathname
const FILES = 'tests/e2e/**/*.e2e.ts'

/**
 * Files that change what the files beside them would see, so they run alone, after the
 * others (docs/decisions/011-browser-tests-on-two-workers.md):
 * - publishing to the lake changes the served site and starts a rebuild: the Studio's
 *   preview and draft tests publish the home headline, the press administrator a post of
 *   the site whose list the press visitor counts, the staff workspace the sites' staff
 *   phones;
 * - the registration limit's test fills every address's registration counter;
 * - the waiting list's test fills a slot and needs it full until its visitor joins: a seat
 *   another file frees there (a cancel, a move away) would make the join a refusal;
 * - the staff accounts' test makes a counsellor of a seed site, who takes that site's new
 *   leads in turn until the test disables them;
 * - the reliability tests take the delivery target down and fill the function slots
 *   (the sequencer puts them last).
 */
const ALONE = [
  'tests/e2e/studio/preview.e2e.ts',
  'tests/e2e/studio/unpublished-drafts.e2e.ts',
  'tests/e2e/press/admin.e2e.ts',
  'tests/e2e/leads/workspace.e2e.ts',
  'tests/e2e/leads/registration-limit.e2e.ts',
  'tests/e2e/leads/waitlist.e2e.ts',
  'tests/e2e/leads/staff-accounts.e2e.ts',
  'tests/e2e/reliability/**/*.e2e.ts',
]

/**
 * Two files at a time, one per core: 1,022 s against 1,170 s one at a time with the functions
 * answered from warm instances (decision 016). The two tests that then failed now wait for
 * what they need: the popup's focus walk for the visit times, the preview's frame for the
 * read it makes once the edits pause (decision 011).
 */
const WORKERS = 2

/** What both groups share; the projects do not extend the root, whose globalSetup runs once. */
const shared = {
  root,
  setupFiles: ['tests/e2e/setup.ts'],
  // A worker imports Playwright and the helpers once for all its files, not once per file:
  // the helpers keep no state between files but the CSP violations, which each test empties.
  isolate: false,
  testTimeout: 60_000,
  hookTimeout: 11 * 60_000,
  // A poll waits for what a request and a render bring about (seats after a booking, a
  // refusal's message): a second, the default, is less than a loaded two-core machine takes.
  expect: {poll: {timeout: 10_000}},
}

// Browser tests: real Chromium against the whole stack, which globalSetup starts once and
// provides to both groups. The groups run one after the other (sequence.groupOrder).
export default defineConfig({
  test: {
    root,
    globalSetup: ['tests/e2e/global-setup.ts'],
    sequence: {sequencer: BrowserTestSequencer},
    projects: [
      {
        test: {
          ...shared,
          name: 'beside others',
          include: [FILES],
          exclude: ALONE,
          maxWorkers: WORKERS,
          // Not 0: Vitest runs the files of a one-worker project of group 0 after all groups.
          sequence: {groupOrder: 1},
        },
      },
      {
        test: {
          ...shared,
          name: 'alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: {groupOrder: 2},
        },
      },
    ],
  },
})
