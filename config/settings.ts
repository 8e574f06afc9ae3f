import * as v from 'valibot'
import {
  CONSENT_REMINDER_KIND,
  REQUEST_ANSWER_KIND,
  STAFF_ALERT_KIND,
  TEXT_KINDS,
  VERIFICATION_KIND,
  WAITLIST_OFFER_KIND,
  type OutboxKind,
} from '../shared/texts/render.ts'

/*
 * Every setting the project reads from the environment, in one schema: its type, its
 * default, who sets it in production, and what it means. The functions, the lake, the
 * scripts, the build and the Studio read their settings here and nowhere else, so that a
 * wrong value fails with the variable's name instead of quietly becoming a default, and
 * so that .env.example (which a test holds to this list) says all there is.
 * Browser-safe: the Studio and the site's bundle read their public part through it.
 */

/** A raw environment: process.env, or the one a test or a script hands a handler. */
export type Env = Record<string, string | undefined>

/**
 * Who sets a variable in production. `required`: the site's environment settings must set
 * it (a production build refuses to run without it). `optional`: its default fits
 * production. `platform`: Netlify sets it. `local`: only the local stack, the tests or a
 * script by hand read it; it does nothing on Netlify. `never`: local only, and refused by a
 * production build, where it would open a door.
 */
export type ProductionUse = 'required' | 'optional' | 'platform' | 'local' | 'never'

type ValueSchema<T> = v.GenericSchema<string, T>

interface Setting<T, D extends T | undefined> {
  schema: ValueSchema<T>
  /** What a wrong value should have been, for the error that names the variable. */
  expected: string
  fallback: D
  production: ProductionUse
  description: string
  /** An explicit empty value means something of its own (SANITY_API_HOST). */
  keepsEmpty?: boolean
  /** Whether a refusal may repeat the value (never for secrets and addresses). */
  shown?: boolean
  /** A `required` setting production needs only when this holds (SOLAPI's, for solapi). */
  requiredWhen?: (env: Env) => boolean
}

type Described = Pick<Setting<unknown, undefined>, 'production' | 'description' | 'requiredWhen'>

/*
 * The builders below, and every call at this module's top level, are marked free of side
 * effects: the site's browser bundle reaches this module (src/lib/public-config.ts) only for
 * what the build inlines, and so keeps none of it, valibot included.
 */

/* @__NO_SIDE_EFFECTS__ */
function text<D extends string | undefined = undefined>(
  info: Described & {fallback?: D},
): Setting<string, D> {
  return {schema: v.string(), expected: 'text', fallback: info.fallback as D, ...info}
}

/* @__NO_SIDE_EFFECTS__ */
function int<D extends number>(
  min: number,
  max: number,
  info: Described & {fallback: D},
): Setting<number, D> {
  return {
    schema: v.pipe(
      v.string(),
      v.regex(/^\d+$/),
      v.transform(Number),
      v.minValue(min),
      v.maxValue(max),
    ),
    expected: `a whole number from ${min} to ${max}`,
    shown: true,
    ...info,
  }
}

const HTTP_URL = /* @__PURE__ */ v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i))

/* @__NO_SIDE_EFFECTS__ */
function httpUrl(info: Described): Setting<string, undefined> {
  return {
    schema: HTTP_URL,
    expected: 'an http(s) address',
    fallback: undefined,
    ...info,
  }
}

/** An address, or an explicit empty value that means something of its own. */
/* @__NO_SIDE_EFFECTS__ */
function httpUrlOrEmpty(info: Described): Setting<string, undefined> {
  return {
    schema: v.union([v.literal(''), HTTP_URL]),
    expected: 'an http(s) address, or empty',
    fallback: undefined,
    keepsEmpty: true,
    ...info,
  }
}

/* @__NO_SIDE_EFFECTS__ */
function choice<const C extends readonly [string, ...string[]], D extends C[number]>(
  choices: C,
  info: Described & {fallback: D},
): Setting<C[number], D> {
  return {
    schema: v.picklist(choices),
    expected: `one of ${choices.join(', ')}`,
    shown: true,
    ...info,
  }
}

/* @__NO_SIDE_EFFECTS__ */
function list(info: Described): Setting<string[], string[]> {
  return {
    schema: v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    ),
    expected: 'a comma-separated list',
    fallback: [],
    ...info,
  }
}

type Underscored<S extends string> = S extends `${infer A}-${infer B}`
  ? `${A}_${Underscored<B>}`
  : S
export type TemplateIdVariable = `SOLAPI_KAKAO_TEMPLATE_${Uppercase<Underscored<OutboxKind>>}`

/** SOLAPI_KAKAO_TEMPLATE_CONFIRMATION and so on (NO_SHOW: a variable's name takes no hyphen). */
export const templateIdVariable = (kind: OutboxKind): TemplateIdVariable =>
  `SOLAPI_KAKAO_TEMPLATE_${kind.toUpperCase().replaceAll('-', '_')}` as TemplateIdVariable

/** The settings with an AlimTalk template id for every kind of text the outbox sends. */
/* @__NO_SIDE_EFFECTS__ */
function withTemplateIds<T extends object>(
  settings: T,
): T & Record<TemplateIdVariable, Setting<string, undefined>> {
  const kinds = [
    ...TEXT_KINDS,
    STAFF_ALERT_KIND,
    WAITLIST_OFFER_KIND,
    CONSENT_REMINDER_KIND,
    VERIFICATION_KIND,
    REQUEST_ANSWER_KIND,
  ] satisfies OutboxKind[]
  const templates = kinds.map((kind) => [
    templateIdVariable(kind),
    text({
      production: 'optional',
      description: `The AlimTalk template id of the ${kind} text; unset: it goes as SMS/LMS.`,
    }),
  ])
  return {...settings, ...Object.fromEntries(templates)} as T &
    Record<TemplateIdVariable, Setting<string, undefined>>
}

// Reads the raw value: the schema below cannot refer to itself while it is being built.
const sendsThroughSolapi = (env: Env) => env.SMS_PROVIDER?.trim() === 'solapi'

export const SETTINGS = /* @__PURE__ */ withTemplateIds({
  // Ports and local data
  PORT: int(1, 65535, {
    fallback: 8888,
    production: 'local',
    description: 'Port of the site and functions (netlify-cli) and of the edge proxy before them.',
  }),
  LAKE_PORT: int(1, 65535, {
    fallback: 4010,
    production: 'local',
    description: 'Port of the local Content Lake.',
  }),
  DATA_DIR: text({
    fallback: '.data',
    production: 'local',
    description: 'Folder of the local lake, database and generated secrets.',
  }),
  // The site
  SITE_URL: httpUrl({
    production: 'required',
    description: 'Public address of the site; default http://localhost:$PORT.',
  }),
  SITE_BUILD_DIR: text({
    fallback: 'build',
    production: 'local',
    description: "Output folder of a build: the stack's rebuilds after a publish build elsewhere.",
  }),
  // Sanity
  SANITY_PROJECT_ID: text({
    fallback: 'lakeside',
    production: 'required',
    description: 'Sanity project id; set, with SANITY_API_HOST unset, it means the hosted API.',
  }),
  SANITY_DATASET: text({
    fallback: 'production',
    production: 'optional',
    description: 'Sanity dataset.',
  }),
  SANITY_API_VERSION: text({
    fallback: '2025-02-19',
    production: 'optional',
    description: 'Sanity API version, pinned by date.',
  }),
  SANITY_API_HOST: httpUrlOrEmpty({
    production: 'optional',
    description:
      'Content Lake host; default the local lake while SANITY_PROJECT_ID is unset, and set ' +
      "empty, Sanity's hosted API even for the default project.",
  }),
  SANITY_WRITE_TOKEN: text({
    production: 'required',
    description: 'Write token of the functions; locally generated into DATA_DIR.',
  }),
  LAKE_CORS_ORIGINS: list({
    production: 'local',
    description: 'Extra origins the local lake answers browsers from.',
  }),
  LAKE_STUDIO_ORIGINS: list({
    production: 'local',
    description: "Where the Studio runs: the local lake's Studio sign-in answers only these.",
  }),
  // Leads
  FORM_FORWARD_URL: httpUrl({
    production: 'required',
    description: 'The form-collection service every lead is forwarded to.',
  }),
  REGISTER_RATE_LIMIT: int(0, 1_000_000, {
    fallback: 60,
    production: 'optional',
    description: 'Registrations per visitor address per 10 minutes; 0 switches it off.',
  }),
  REGISTER_PHONE_DAILY_LIMIT: int(0, 1000, {
    fallback: 3,
    production: 'optional',
    description: 'Texted registrations of one phone number per site per day; 0 switches it off.',
  }),
  SIGN_IN_RATE_LIMIT: int(1, 1_000_000, {
    fallback: 30,
    production: 'optional',
    description: 'Staff sign-in attempts per address per 15 minutes.',
  }),
  VISITOR_CODE_RATE_LIMIT: int(0, 1_000_000, {
    fallback: 20,
    production: 'optional',
    description: 'Data-page codes asked from one address per 10 minutes; 0 switches it off.',
  }),
  PRESS_VIEWS_RATE_LIMIT: int(0, 1_000_000, {
    fallback: 60,
    production: 'optional',
    description: 'Press views counted per visitor address per 10 minutes; 0 switches it off.',
  }),
  TEXT_CONTENT_TTL_S: int(1, 86_400, {
    fallback: 60,
    production: 'optional',
    description: "Seconds a function keeps the texts' content from the lake.",
  }),
  RETRY_INTERVAL_S: int(1, 86_400, {
    fallback: 60,
    production: 'local',
    description: 'Seconds between the local runs of the scheduled jobs by the stack.',
  }),
  RETRY_BACKOFF_S: int(1, 3600, {
    fallback: 60,
    production: 'optional',
    description: 'Seconds before the first retry of a failed delivery or text (then doubling).',
  }),
  FORWARDING_ALARM_AFTER_S: int(1, 7 * 86_400, {
    fallback: 1800,
    production: 'optional',
    description: "Seconds a lead's forwarding may fail before the administrators are alarmed.",
  }),
  EDGE_SLOTS_PER_CLIENT: int(1, 8, {
    fallback: 3,
    production: 'local',
    description: 'Function calls one address may have under way at the local edge proxy.',
  }),
  EDGE_QUEUE_DEADLINE_S: int(1, 3600, {
    fallback: 60,
    production: 'local',
    description: 'Seconds a call may wait for a slot at the local edge proxy before a 503.',
  }),
  EDGE_PROXY_SECRET: text({
    production: 'local',
    description: "The local edge proxy's proof to the functions; new for every stack start.",
  }),
  LEAD_RETENTION_DAYS: int(1, 3650, {
    fallback: 365,
    production: 'optional',
    description: 'Days a lead is kept before the scheduled function deletes it.',
  }),
  // Texts to visitors
  SMS_PROVIDER: choice(['local', 'solapi'], {
    fallback: 'local',
    production: 'required',
    description: 'Who sends texts; always local off production. Production names it.',
  }),
  SOLAPI_API_KEY: text({
    production: 'required',
    requiredWhen: sendsThroughSolapi,
    description: "SOLAPI's API key.",
  }),
  SOLAPI_API_SECRET: text({
    production: 'required',
    requiredWhen: sendsThroughSolapi,
    description: "SOLAPI's API secret.",
  }),
  SMS_SENDER: text({
    production: 'required',
    requiredWhen: sendsThroughSolapi,
    description: 'The sender number registered with the carriers in SOLAPI.',
  }),
  SOLAPI_KAKAO_PF_ID: text({
    production: 'optional',
    description: "The KakaoTalk channel's pfId in SOLAPI, for AlimTalk.",
  }),
  // Set by the platform, or by the local stack
  CONTEXT: text({
    production: 'platform',
    description: "Netlify's deploy context: production, deploy-preview, branch-deploy or dev.",
  }),
  NETLIFY_LOCAL: text({
    production: 'platform',
    description: 'Set by netlify-cli beside its CONTEXT: the context is a local imitation.',
  }),
  NETLIFY_DB_URL: text({
    production: 'platform',
    description: "Connection string of the site's Postgres.",
  }),
  NETLIFY_DB_DRIVER: text({
    production: 'platform',
    description: 'How @netlify/database connects to it.',
  }),
  LOCAL_SCHEDULER: text({
    production: 'never',
    description: 'The local stack runs the schedules: a run it did not sign starts nothing.',
  }),
  // Rebuild on publish
  SANITY_WEBHOOK_SECRET: text({
    production: 'required',
    description: "The secret of Sanity's webhook: only requests it signed start a build.",
  }),
  NETLIFY_BUILD_HOOK_URL: httpUrl({
    production: 'required',
    description: 'The Netlify build hook the webhook function calls.',
  }),
  PUBLISH_BUILD_WINDOW_S: int(0, 3600, {
    fallback: 60,
    production: 'optional',
    description: 'Seconds after a started build within which a publish waits for a follow-up.',
  }),
  // Staff
  ADMIN_USERS: text({
    production: 'required',
    description: 'The first administrator(s), comma-separated email:hash[:sites].',
  }),
  STAFF_IDLE_MINUTES: int(2, 60, {
    fallback: 30,
    production: 'optional',
    description: 'Minutes without work after which a staff sign-in ends.',
  }),
  ADMIN_TOTP_SECRET: text({
    production: 'required',
    description: 'Base32 authenticator-app secret of the ADMIN_USERS administrators.',
  }),
  ADMIN_EMAIL: text({
    production: 'never',
    description: 'The administrator npm start creates; default admin@localhost.',
  }),
  ADMIN_PASSWORD: text({
    production: 'never',
    description: "That administrator's password; default a random one kept in DATA_DIR.",
  }),
  AUTH_SECRET: text({
    production: 'required',
    description: 'Secret that signs staff tokens and visitor links (32 characters or more).',
  }),
  ACCESS_BULK_THRESHOLD: int(1, 100_000, {
    fallback: 50,
    production: 'optional',
    description: 'Distinct leads one person may open within an hour before the review flags it.',
  }),
  // Tests and the smoke test
  CHROME_PATH: text({
    production: 'local',
    description: 'Chromium of the browser tests and the benchmark.',
  }),
  SMOKE_ADMIN_TOKEN: text({
    production: 'local',
    description: "The smoke test's administrator access token.",
  }),
  SMOKE_ADMIN_EMAIL: text({
    production: 'local',
    description: "The smoke test's administrator account.",
  }),
  SMOKE_ADMIN_PASSWORD: text({
    production: 'local',
    description: "That account's password.",
  }),
  SMOKE_ADMIN_TOTP_SECRET: text({
    production: 'local',
    description: "That account's authenticator-app secret (base32).",
  }),
})

export type SettingName = keyof typeof SETTINGS

/** Each setting's value: parsed, its default when unset. */
export type Settings = {
  -readonly [K in SettingName]: (typeof SETTINGS)[K] extends Setting<infer T, infer D>
    ? undefined extends D
      ? T | undefined
      : T
    : never
}

export const SETTING_NAMES = /* @__PURE__ */ Object.keys(SETTINGS) as SettingName[]

/** One or more settings hold values the project cannot use; the message names each. */
export class SettingsError extends Error {
  override name = 'SettingsError'
  constructor(readonly problems: string[]) {
    super(`Settings not usable:\n${problems.map((problem) => `  ${problem}`).join('\n')}`)
  }
}

/** The value as set: trimmed, and unset when empty (unless empty means something). */
function rawOf(name: SettingName, env: Env): string | undefined {
  const value = env[name]?.trim()
  return value === '' && !(SETTINGS[name] as Setting<unknown, unknown>).keepsEmpty
    ? undefined
    : value
}

type Parsed<K extends SettingName> = {value: Settings[K]} | {problem: string}

function parse<K extends SettingName>(name: K, env: Env): Parsed<K> {
  const setting = SETTINGS[name] as Setting<unknown, unknown>
  const raw = rawOf(name, env)
  if (raw === undefined) return {value: setting.fallback as Settings[K]}
  const result = v.safeParse(setting.schema, raw)
  if (result.success) return {value: result.output as Settings[K]}
  const given = setting.shown ? JSON.stringify(raw) : 'the value given'
  return {problem: `${name}: expected ${setting.expected}, not ${given}`}
}

/**
 * One setting of `env`, parsed and bounded, or its default when unset. Cheap enough for a
 * handler to read per request, so a test's or a script's environment takes effect at once.
 * Throws a SettingsError naming the variable when its value is wrong.
 */
export function setting<K extends SettingName>(name: K, env: Env = process.env): Settings[K] {
  const parsed = parse(name, env)
  if ('problem' in parsed) throw new SettingsError([parsed.problem])
  return parsed.value
}

/** Every setting of `env`; a SettingsError names every wrong value at once. */
export function readSettings(env: Env = process.env): Settings {
  const parsed = SETTING_NAMES.map((name) => [name, parse(name, env)] as const)
  const problems = parsed.flatMap(([, result]) => ('problem' in result ? [result.problem] : []))
  if (problems.length > 0) throw new SettingsError(problems)
  return Object.fromEntries(
    parsed.map(([name, result]) => [name, 'value' in result ? result.value : undefined]),
  ) as Settings
}

/** The settings production must set that `env` leaves unset, and those it must not set. */
export function productionProblems(env: Env): string[] {
  return SETTING_NAMES.flatMap((name) => {
    const {production, requiredWhen} = SETTINGS[name] as Setting<unknown, unknown>
    const raw = rawOf(name, env)
    const required = production === 'required' && (requiredWhen?.(env) ?? true)
    if (required && raw === undefined) return [`${name}: production requires it`]
    if (production === 'never' && raw !== undefined)
      return [`${name}: only for a local stack, never set in production`]
    return []
  })
}

/** Netlify's own production build or deploy; netlify-cli's `serve` imitates the context. */
const onProduction = (env: Env) =>
  rawOf('CONTEXT', env) === 'production' && rawOf('NETLIFY_LOCAL', env) !== 'true'

/**
 * What `npm start`, `npm run dev`, the lake and the build run first: every wrong value, and
 * on Netlify's production every missing required one, stops them with the names.
 */
export function checkSettings(env: Env = process.env): Settings {
  const problems: string[] = []
  let settings: Settings | undefined
  try {
    settings = readSettings(env)
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error
    problems.push(...error.problems)
  }
  if (onProduction(env)) problems.push(...productionProblems(env))
  if (problems.length > 0 || !settings) throw new SettingsError(problems)
  return settings
}

/** Where the project's services are, derived from the settings. */
export interface ProjectConfig {
  port: number
  lakePort: number
  dataDir: string
  projectId: string
  dataset: string
  apiVersion: string
  /** Unset in production: the client then talks to Sanity's hosted API. */
  apiHost: string | undefined
  siteUrl: string
  writeToken: string | undefined
  formForwardUrl: string | undefined
}

/**
 * The local lake unless the environment names a Sanity project: a real project id with
 * SANITY_API_HOST unset is production, on Sanity's hosted API. An explicit empty value also
 * means the hosted API; any other value is used as given.
 */
function apiHostOf(env: Env, lakePort: number): string | undefined {
  const host = setting('SANITY_API_HOST', env)
  if (host !== undefined) return host || undefined
  return rawOf('SANITY_PROJECT_ID', env) ? undefined : `http://127.0.0.1:${lakePort}`
}

export function readConfig(env: Env = process.env): ProjectConfig {
  const port = setting('PORT', env)
  const lakePort = setting('LAKE_PORT', env)
  return {
    port,
    lakePort,
    dataDir: setting('DATA_DIR', env),
    projectId: setting('SANITY_PROJECT_ID', env),
    dataset: setting('SANITY_DATASET', env),
    apiVersion: setting('SANITY_API_VERSION', env),
    apiHost: apiHostOf(env, lakePort),
    siteUrl: (setting('SITE_URL', env) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    writeToken: setting('SANITY_WRITE_TOKEN', env),
    formForwardUrl: setting('FORM_FORWARD_URL', env),
  }
}
