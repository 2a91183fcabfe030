/**
 * The schemas of the entries of stored lists: a Recent link, a job, an unsent link, a bulk row.
 * Members that earlier versions did not store are optional or get their default; a member that
 * is only extra (a title, a channel outcome, an error) falls back instead of losing its entry;
 * members a newer version added are kept as they are (loose objects).
 */
import { z } from 'zod';
import type { SerializedApiError } from '../api';
import { MAX_URL_LENGTH } from '../api/constants';
import { isRecord } from './repaired';
import { lazySchema } from '../api/lazySchema';

const id = lazySchema(() => (z.string().min(1).max(200)));
const num = lazySchema(() => (z.number().finite()));
const idOrNull = lazySchema(() => (z.number().int().nullable()));
const url = lazySchema(() => (z.string().min(1).max(MAX_URL_LENGTH)));
/** A long address: empty once a private window's job has settled (the queue forgets it). */
const longUrl = lazySchema(() => (z.string().max(MAX_URL_LENGTH)));
const shortText = lazySchema(() => (z.string().max(2048)));
/** A page title: a long one is cut, a wrong one dropped (it is only used by the copy formats). */
const title = lazySchema(() => (z
  .string()
  .transform((s) => s.slice(0, 1000))
  .optional()
  .catch(undefined)));
/** An error kept with a job or row: the pages word it from its kind. */
const serializedError = lazySchema(() => (z
  .custom<SerializedApiError>((v) => isRecord(v) && typeof v.kind === 'string' && typeof v.message === 'string')
  .optional()
  .catch(undefined)));

/** What became of a campaign or a channel assignment. */
const campaignOutcome = lazySchema(() => (z.union([
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('assigned'), campaignId: z.number() }),
  z.object({ state: z.literal('failed'), campaignId: z.number(), reason: shortText }),
  z.object({ state: z.literal('pending'), campaignId: z.number() }),
])));
const channelOutcome = lazySchema(() => (z.union([
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('assigned'), channelId: z.number() }),
  z.object({ state: z.literal('failed'), channelId: z.number(), reason: shortText }),
  z.object({ state: z.literal('pending'), channelId: z.number() }),
])));

/** A Recent link. */
export const historyEntrySchema = lazySchema(() => (z.looseObject({
  id,
  longUrl,
  shortUrl: url,
  shortCode: shortText,
  linkId: idOrNull,
  domainId: idOrNull,
  campaign: campaignOutcome.catch({ state: 'none' }),
  channel: channelOutcome.optional().catch(undefined),
  title,
  createdAt: num,
  service: shortText,
  account: shortText.optional().catch(undefined),
})));

/** The arguments of a shorten job or an unsent link. */
export const shortenArgsSchema = lazySchema(() => (z.looseObject({
  url: longUrl,
  domainId: idOrNull,
  campaignId: idOrNull,
  customCode: shortText.optional().catch(undefined),
  channelId: idOrNull.optional().catch(undefined),
  title,
  /** Made from a private window: a wrong value reads as private (kept out of Recent links, the safer side). */
  private: z.boolean().optional().catch(true),
})));

/** A job of the queue; before `notify` existed, only the popup's jobs had a page waiting for them. */
export const jobSchema = lazySchema(() => (z
  .looseObject({
    id,
    kind: z.literal('shorten'),
    source: z.enum(['popup', 'context-link', 'context-page', 'command', 'omnibox', 'bulk']).catch('context-page'),
    batchId: id.optional().catch(undefined),
    args: shortenArgsSchema,
    priority: z.enum(['interactive', 'background']).catch('background'),
    state: z.enum(['pending', 'sending', 'done', 'failed']),
    attempts: z.number().int().nonnegative().catch(0),
    notBefore: num.catch(0),
    createdAt: num,
    fingerprint: shortText,
    shortened: z.object({ shortUrl: url, shortCode: shortText, linkId: idOrNull }).optional(),
    notify: z.boolean().optional(),
    notified: z.boolean().optional().catch(undefined),
    toldWaiting: z.boolean().optional().catch(undefined),
    service: shortText.optional().catch(undefined),
    result: historyEntrySchema.optional().catch(undefined),
    error: serializedError,
    settledAt: num.optional().catch(undefined),
    waitingSince: num.optional().catch(undefined),
    // On the safe side when wrong: the link may exist, and a request that left is not sent again blindly.
    lostAnswer: z.boolean().optional().catch(true),
    sentAt: num.optional().catch(0),
  })
  .transform((j) => ({ ...j, notify: j.notify ?? j.source !== 'popup' }))));

/** A link not made because the account changed. */
export const unsentSchema = lazySchema(() => (z.looseObject({
  id,
  args: shortenArgsSchema,
  createdAt: num,
  announced: z.boolean().catch(true),
})));

/** A row of the bulk batch; earlier versions stored rows without their job. */
export const bulkRowSchema = lazySchema(() => (z.looseObject({
  url,
  title,
  state: z.enum(['waiting', 'made', 'reused', 'failed', 'cancelled']),
  jobId: id.nullable().default(null),
  shortUrl: url.optional().catch(undefined),
  error: serializedError,
  /** The choices of the site rule that matched the row (absent: the batch's). */
  choices: z.object({ domainId: idOrNull, campaignId: idOrNull, channelId: idOrNull }).optional().catch(undefined),
})));
