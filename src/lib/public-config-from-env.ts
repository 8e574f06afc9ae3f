import {readConfig, type Env} from '#config/settings.ts'
import type {PublicConfig} from './public-config.ts'

/**
 * The public configuration of an environment: what the build inlines, and what code outside
 * a Vite build reads. Never part of the site's browser bundle (package.json's `imports`
 * give the browser public-config-from-env.browser.ts): the settings' schema would travel
 * to every visitor with it.
 */
export function publicConfigFrom(env: Env): PublicConfig {
  const config = readConfig(env)
  return {
    projectId: config.projectId,
    dataset: config.dataset,
    apiVersion: config.apiVersion,
    apiHost: config.apiHost ?? null,
    siteUrl: config.siteUrl,
  }
}
