/**
 * The schemas of the entries of stored lists: a Recent link, a job, an unsent link, a bulk row.
 * Members that earlier versions did not store are optional or get their default; a member that
 * is only extra (a title, a channel outcome, an error) falls back instead of losing its entry;
 * members a newer version added are kept as they are (loose objects).
 */
import * as z from 'zod/mini';
import type { SerializedApiError } from '@/lib/api';
import { MAX_URL_LENGTH } from '@/lib/api/constants';
import { isRecord } from './isRecord';
import { lazySchema } from '@/lib/api/lazySchema';

const id = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(200)));
const num = lazySchema(() => z.number());
const idOrNull = lazySchema(() => z.nullable(z.int()));
const url = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(MAX_URL_LENGTH)));
/** A long address: empty once a private window's job has settled (the queue forgets it). */
const longUrl = lazySchema(() => z.string().check(z.maxLength(MAX_URL_LENGTH)));
const shortText = lazySchema(() => z.string().check(z.maxLength(2048)));
/** A page title: a long one is cut, a wrong one dropped (it is only used by the copy formats). */
const title = lazySchema(() =>
  z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((s) => s.slice(0, 1000)),
      ),
    ),
    undefined,
  ),
);
/** An error kept with a job or row: the pages word it from its kind. */
const serializedError = lazySchema(() =>
  z.catch(
    z.optional(z.custom<SerializedApiError>((v) => isRecord(v) && typeof v.kind === 'string' && typeof v.message === 'string')),
    undefined,
  ),
);

/** What became of a campaign or a channel assignment. */
const campaignOutcome = lazySchema(() =>
  z.union([
    z.object({ state: z.literal('none') }),
    z.object({ state: z.literal('assigned'), campaignId: z.number() }),
    z.object({ state: z.literal('failed'), campaignId: z.number(), reason: shortText }),
    z.object({ state: z.literal('pending'), campaignId: z.number() }),
  ]),
);
const channelOutcome = lazySchema(() =>
  z.union([
    z.object({ state: z.literal('none') }),
    z.object({ state: z.literal('assigned'), channelId: z.number() }),
    z.object({ state: z.literal('failed'), channelId: z.number(), reason: shortText }),
    z.object({ state: z.literal('pending'), channelId: z.number() }),
  ]),
);

/** A Recent link. */
export const historyEntrySchema = lazySchema(() =>
  z.looseObject({
    id,
    longUrl,
    shortUrl: url,
    shortCode: shortText,
    linkId: idOrNull,
    domainId: idOrNull,
    campaign: z.catch(campaignOutcome, { state: 'none' as const }),
    channel: z.catch(z.optional(channelOutcome), undefined),
    title,
    createdAt: num,
    service: shortText,
    account: z.catch(z.optional(shortText), undefined),
  }),
);

/** The arguments of a shorten job or an unsent link. */
export const shortenArgsSchema = lazySchema(() =>
  z.looseObject({
    url: longUrl,
    domainId: idOrNull,
    campaignId: idOrNull,
    customCode: z.catch(z.optional(shortText), undefined),
    channelId: z.catch(z.optional(idOrNull), undefined),
    title,
    /** Made from a private window: a wrong value reads as private (kept out of Recent links, the safer side). */
    private: z.catch(z.optional(z.boolean()), true),
  }),
);

/** A job of the queue; one stored without `notify` (an earlier version's) is told of when it settles unless a popup waited for it. */
export const jobSchema = lazySchema(() =>
  z.pipe(
    z.looseObject({
      id,
      kind: z.literal('shorten'),
      source: z.catch(z.enum(['popup', 'context-link', 'context-page', 'command', 'omnibox', 'bulk']), 'context-page'),
      batchId: z.catch(z.optional(id), undefined),
      args: shortenArgsSchema,
      priority: z.catch(z.enum(['interactive', 'background']), 'background'),
      state: z.enum(['pending', 'sending', 'done', 'failed']),
      attempts: z.catch(z.int().check(z.nonnegative()), 0),
      notBefore: z.catch(num, 0),
      createdAt: num,
      fingerprint: shortText,
      shortened: z.optional(z.object({ shortUrl: url, shortCode: shortText, linkId: idOrNull })),
      notify: z.optional(z.boolean()),
      notified: z.catch(z.optional(z.boolean()), undefined),
      toldWaiting: z.catch(z.optional(z.boolean()), undefined),
      service: z.catch(z.optional(shortText), undefined),
      result: z.catch(z.optional(historyEntrySchema), undefined),
      error: serializedError,
      settledAt: z.catch(z.optional(num), undefined),
      waitingSince: z.catch(z.optional(num), undefined),
      // On the safe side when wrong: the link may exist, and a request that left is not sent again blindly.
      lostAnswer: z.catch(z.optional(z.boolean()), true),
      sentAt: z.catch(z.optional(num), 0),
    }),
    z.transform((j) => ({ ...j, notify: j.notify ?? j.source !== 'popup' })),
  ),
);

/** A link not made because the account changed. */
export const unsentSchema = lazySchema(() =>
  z.looseObject({
    id,
    args: shortenArgsSchema,
    createdAt: num,
    announced: z.catch(z.boolean(), true),
  }),
);

/** A row of the bulk batch; earlier versions stored rows without their job. */
export const bulkRowSchema = lazySchema(() =>
  z.looseObject({
    url,
    title,
    state: z.enum(['waiting', 'made', 'reused', 'failed', 'cancelled']),
    jobId: z._default(z.nullable(id), null),
    shortUrl: z.catch(z.optional(url), undefined),
    error: serializedError,
    /** The choices of the site rule that matched the row (absent: the batch's). */
    choices: z.catch(z.optional(z.object({ domainId: idOrNull, campaignId: idOrNull, channelId: idOrNull })), undefined),
    /** The site rule that matched the row and what it chose. */
    rule: z.catch(
      z.optional(
        z.object({ site: z.string().check(z.maxLength(2048)), chose: z.array(z.enum(['domain', 'campaign', 'channel', 'preset'])) }),
      ),
      undefined,
    ),
  }),
);
