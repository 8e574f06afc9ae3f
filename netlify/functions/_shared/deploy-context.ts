import {setting, type Env} from '#config/settings.ts'
/**
 * Whether this deploy is a deploy preview or a branch deploy (Netlify's CONTEXT is set
 * and is not `production`). Their database branch is a copy of production's, pending
 * outbox rows included, so they must never text a real phone or forward a lead: texts
 * go to the local provider and lead forwarding is held there. Locally CONTEXT is unset
 * (or `dev`, which netlify-cli sets, and which has no production rows to send either).
 */
export function isOffProduction(env: Env = process.env): boolean {
  const context = setting('CONTEXT', env)
  return Boolean(context) && context !== 'production'
}

/** The deploy contexts whose database is forked from production's, people included. */
export const PRODUCTION_COPY_CONTEXTS = ['deploy-preview', 'branch-deploy'] as const
export type ProductionCopyContext = (typeof PRODUCTION_COPY_CONTEXTS)[number]

/**
 * The context of a deploy preview or branch deploy, whose database holds a copy of
 * production's people until it is scrubbed; null for production and local stacks (`dev`
 * included: netlify-cli's database is local).
 */
export function productionCopyContext(env: Env = process.env): ProductionCopyContext | null {
  const context = setting('CONTEXT', env)
  return PRODUCTION_COPY_CONTEXTS.find((name) => name === context) ?? null
}
