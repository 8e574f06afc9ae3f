import {createHash, randomUUID} from 'node:crypto'
import type {Store} from '@netlify/blobs'
import {listKeys, openStore} from '../blobs.ts'
import {leadKey, parseLeadKey, type DeliveryState, type Lead, type LeadInput, type SpamReason} from './lead.ts'
import {elect} from '../claims.ts'
import {newReceipt} from './receipt.ts'

/*
 * Layout. `leads`: the lead records under `lead/…` and `spam/…` (see leadKey), and an
 * outbox marker `outbox/<lead key>` for every lead not delivered yet, so the retry job
 * lists what is due without reading every lead. `lead-keys`: `receipt/<receipt>` (taken
 * receipts), `idem/…/<sha256 of Idempotency-Key>/won` (the lead a key made) with the
 * election tickets beside it, and `attempt/…/<lead id>/<n>/` tickets (see claims.ts).
 * Claim keys are sharded by their first characters: the local Blobs server lists by
 * walking every entry of each folder on the way to the prefix.
 */

const idemPrefix = (hash: string): string => `idem/${hash.slice(0, 1)}/${hash.slice(1, 2)}/${hash}/`
const attemptPrefix = (id: string): string => `attempt/${id.slice(0, 1)}/${id.slice(1, 2)}/${id}/`

export const OUTBOX_PREFIX = 'outbox/'
/** The inline delivery owns a new lead this long before the retry job may step in. */
export const FIRST_ATTEMPT_GRACE_MS = 60_000
/** A request that won an Idempotency-Key but stored nothing within this long is presumed dead. */
const IDEMPOTENCY_STALE_MS = 15_000
/** How long a request waits for a concurrent one with the same key before giving up (then 503). */
const IDEMPOTENCY_WAIT_MS = 4000

interface IdempotencyClaim {
  key: string
  id: string
  receipt: string
  createdAt: string
}

export interface NewLead {
  input: LeadInput
  spam: SpamReason | null
  idempotencyKey: string | null
  now: number
  /** Whether FORM_FORWARD_URL is set (decides the first delivery status). */
  forwarding: boolean
}

export interface SavedLead {
  lead: Lead
  /** False when an earlier submission with the same Idempotency-Key stored it. */
  created: boolean
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url')

function initialDelivery(spam: SpamReason | null, forwarding: boolean, now: number): DeliveryState {
  if (spam) return {status: 'held', attempts: 0}
  if (!forwarding) return {status: 'not-configured', attempts: 0}
  return {status: 'pending', attempts: 0, nextAttemptAt: new Date(now + FIRST_ATTEMPT_GRACE_MS).toISOString()}
}

async function claimReceipt(keys: Store, id: string, now: number): Promise<string> {
  for (;;) {
    const receipt = newReceipt(now)
    if ((await keys.set(`receipt/${receipt}`, id, {onlyIfNew: true})).modified) return receipt
  }
}

/** Writes a lead that is not stored yet: outbox marker first, so a crash in between leaves a marker, never a lost lead. */
async function writeNew(leads: Store, lead: Lead): Promise<boolean> {
  const key = leadKey(lead)
  if (!lead.spam) await leads.set(OUTBOX_PREFIX + key, '')
  return (await leads.setJSON(key, lead, {onlyIfNew: true})).modified
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The lead an earlier submission with the same key made. Its request may still be
 * writing it: wait for it a moment, and store it in its place only if it never comes.
 */
async function completeClaim(
  leads: Store,
  claim: IdempotencyClaim,
  fresh: Lead,
  deliveryFor: (spam: SpamReason | null) => DeliveryState,
): Promise<SavedLead> {
  const deadline = performance.now() + IDEMPOTENCY_WAIT_MS
  for (;;) {
    const existing = (await leads.get(claim.key, {type: 'json'})) as Lead | null
    if (existing) return {lead: existing, created: false}
    if (performance.now() > deadline) break
    await sleep(25)
  }
  // The claim's key decides time, site and pile, so the lead lands where the claim says.
  const parts = parseLeadKey(claim.key)
  const spam = parts?.pile === 'spam' ? (fresh.spam ?? 'honeypot') : null
  const {spam: _ignored, ...rest} = fresh
  const lead: Lead = {
    ...rest,
    id: claim.id,
    receipt: claim.receipt,
    createdAt: claim.createdAt,
    site: parts?.site ?? fresh.site,
    ...(spam ? {spam} : {}),
    delivery: deliveryFor(spam),
  }
  return {lead, created: await writeNew(leads, lead)}
}

/**
 * Stores a lead durably before the visitor is told it was received. The same
 * Idempotency-Key never makes a second lead: it answers the first lead again, also when
 * the submissions arrive at the same moment (one wins the key's election, the others
 * wait for its lead).
 */
export async function saveLead({input, spam, idempotencyKey, now, forwarding}: NewLead): Promise<SavedLead> {
  const leads = openStore('leads')
  const keys = openStore('lead-keys')
  const id = randomUUID()
  const idemHash = idempotencyKey ? sha256(idempotencyKey) : undefined
  const deliveryFor = (reason: SpamReason | null): DeliveryState => initialDelivery(reason, forwarding, now)
  const lead: Lead = {
    id,
    receipt: '',
    createdAt: new Date(now).toISOString(),
    ...input,
    ...(spam ? {spam} : {}),
    delivery: deliveryFor(spam),
    ...(idemHash ? {idempotencyKeyHash: idemHash} : {}),
  }
  if (idemHash) {
    const wonKey = `${idemPrefix(idemHash)}won`
    const deadline = performance.now() + IDEMPOTENCY_WAIT_MS
    for (;;) {
      const earlier = (await keys.get(wonKey, {type: 'json'})) as IdempotencyClaim | null
      if (earlier) return completeClaim(leads, earlier, lead, deliveryFor)
      if ((await elect('lead-keys', idemPrefix(idemHash), now, IDEMPOTENCY_STALE_MS)) === 'won') break
      if (performance.now() > deadline) throw new Error('Idempotency-Key stayed contested')
      await sleep(10 + Math.random() * 40)
    }
    lead.receipt = await claimReceipt(keys, id, now)
    await keys.setJSON(wonKey, {key: leadKey(lead), id, receipt: lead.receipt, createdAt: lead.createdAt} satisfies IdempotencyClaim)
  } else {
    lead.receipt = await claimReceipt(keys, id, now)
  }
  await writeNew(leads, lead)
  return {lead, created: true}
}

export async function getLead(key: string): Promise<Lead | null> {
  return (await openStore('leads').get(key, {type: 'json'})) as Lead | null
}

/** Records a delivery result; only the holder of the attempt's claim calls it. */
export async function putLead(lead: Lead): Promise<void> {
  const leads = openStore('leads')
  await leads.setJSON(leadKey(lead), lead)
  if (lead.delivery.status === 'delivered') await leads.delete(OUTBOX_PREFIX + leadKey(lead))
}


/** Forgets a lead entirely: the record, its marker and every claim that names it. */
export async function deleteLead(key: string): Promise<void> {
  const leads = openStore('leads')
  const keys = openStore('lead-keys')
  const lead = await getLead(key)
  const claims = lead
    ? [
        `receipt/${lead.receipt}`,
        ...(lead.idempotencyKeyHash ? await listKeys('lead-keys', idemPrefix(lead.idempotencyKeyHash)) : []),
        ...(await listKeys('lead-keys', attemptPrefix(lead.id))),
      ]
    : []
  await Promise.all(claims.map((claim) => keys.delete(claim)))
  await leads.delete(OUTBOX_PREFIX + key)
  await leads.delete(key)
}

export async function deleteMarker(key: string): Promise<void> {
  await openStore('leads').delete(OUTBOX_PREFIX + key)
}

/** Claims delivery attempt `n` of a lead: at most one caller gets 'won' (see claims.ts). */
export async function claimAttempt(id: string, n: number, now: number, leaseMs: number): Promise<'won' | 'contested'> {
  return elect('lead-keys', `${attemptPrefix(id)}${n}/`, now, leaseMs)
}
