/**
 * What the worker does for the pages, the context menu and the shortcut. Every request goes
 * through the session's gate (rate budgets); shortens go through the persisted job queue.
 */
import {
  ApiError,
  checkInput,
  fetchAllPages,
  ShortenInput,
  LIST_METHODS,
  toApiError,
  type Account,
  type ApiClient,
  type ListName,
} from '../api';
import { checkServiceUrl, isGrantedInManifest } from '../serviceUrl';
import { errorSentence } from '../errorText';
import { t } from '../i18n';
import type { Cached, ConnectionInfo, ListItems, Mutation, MutationName, ShortenOutcome, ShortenRequest } from '../messaging';
import {
  connectionItem,
  DEFAULT_SETTINGS,
  settingsItem,
  type Connection,
  type HistoryEntry,
  type Job,
  type Settings,
} from '../storage';
import { addToHistory, clearHistory, historyOf, removeFromHistory } from './history';
import { JobQueue } from './jobs';
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from './retry';
import { fingerprintOf } from './fingerprint';
import { SessionHolder, type Session } from './session';

export interface ServiceDeps {
  fetch: typeof fetch;
  now?: () => number;
  /** Writes the clipboard from the worker (offscreen document on Chrome); false when it could not. */
  copy: (text: string) => Promise<boolean>;
  notify: (title: string, message: string) => Promise<void>;
  /** Wakes the worker at `at` (alarms) for queued work. */
  wakeAt: (at: number) => void;
  /** Whether the extension may reach an origin (optional host permission). */
  hasHostPermission: (origin: string) => Promise<boolean>;
  timeoutMs?: number;
  /** Retry limits (tests make them small). */
  retry?: RetryPolicy;
  maxJobAttempts?: number;
}

/** Answer at once with "queued" when the budget makes the user wait longer than this. */
export const QUEUE_ANSWER_AFTER_MS = 1500;
/** Longest a page waits for a shorten before being told it is queued. */
export const SHORTEN_WAIT_MS = 20_000;

/** Which list each mutation changes: refreshed after it. */
const TOUCHES: Record<MutationName, ListName | 'account' | null> = {
  updateAccount: 'account',
  addDomain: 'domains',
  updateDomain: 'domains',
  deleteDomain: 'domains',
  addCampaign: 'campaigns',
  updateCampaign: 'campaigns',
  deleteCampaign: 'campaigns',
  assignCampaignLink: null,
  addChannel: 'channels',
  updateChannel: 'channels',
  deleteChannel: 'channels',
  assignChannelItem: null,
  addPixel: 'pixels',
  updatePixel: 'pixels',
  deletePixel: 'pixels',
  addQr: 'qrs',
  updateQr: 'qrs',
  deleteQr: 'qrs',
};

const notConnected = () =>
  new ApiError({ kind: 'bad-key', message: 'Not connected: enter the service URL and API key on the options page.' });

/** Creates the worker's service. */
export function createService(deps: ServiceDeps) {
  const now = deps.now ?? Date.now;
  const sessions = new SessionHolder({ fetch: deps.fetch, now, timeoutMs: deps.timeoutMs });

  const session = async (): Promise<Session> => {
    const s = await sessions.get();
    if (!s || !s.connection.apiKey) throw notConnected();
    return s;
  };

  const connectionInfo = (c: Connection | null): ConnectionInfo => ({
    connected: !!c && !!c.apiKey,
    serviceUrl: c?.serviceUrl ?? null,
    keyHint: c?.apiKey ? c.apiKey.slice(-4) : null,
  });

  const loadList = (s: Session, name: ListName) => (priority: 'interactive' | 'background') => {
    const client = s.client[priority];
    const method = client[LIST_METHODS[name]] as ApiClient['listDomains'];
    return withRetry(() => fetchAllPages((paging) => method(paging)));
  };
  const loadAccount = (s: Session) => async (priority: 'interactive' | 'background') => {
    const account = await withRetry(() => s.client[priority].getAccount());
    s.gate.budgets.plan = account.status;
    return account;
  };

  const policy = deps.retry ?? DEFAULT_RETRY;
  const jobs: JobQueue = new JobQueue({
    now,
    maxAttempts: deps.maxJobAttempts,
    wakeAt: deps.wakeAt,
    run: async (job, markSending, checkpoint) => {
      const s = await sessions.get();
      if (!s || !s.connection.apiKey || s.fingerprint !== job.fingerprint) {
        // The link may exist already: never report a made link as failed (DESIGN.md).
        if (job.shortened) {
          const entry: HistoryEntry = {
            id: job.id,
            longUrl: job.args.url,
            ...job.shortened,
            domainId: job.args.domainId,
            campaign:
              job.args.campaignId === null
                ? { state: 'none' }
                : { state: 'failed', campaignId: job.args.campaignId, reason: t('errAccountChanged') },
            createdAt: now(),
            service: job.service ?? '',
            account: job.fingerprint,
          };
          await addToHistory(entry);
          return entry;
        }
        throw new ApiError({ kind: 'bad-key', message: t('errAccountChangedNotCreated') });
      }
      const client = s.clientWithHook(job.priority, markSending);
      let shortened = job.shortened;
      if (!shortened) {
        shortened = await withRetry(
          () =>
            client.shorten({
              url: job.args.url,
              domain_id: job.args.domainId ?? undefined,
              custom_code: job.args.customCode || undefined,
            }),
          { policy },
        );
        await checkpoint({ shortened });
      }
      const entry: HistoryEntry = {
        id: job.id,
        longUrl: job.args.url,
        shortUrl: shortened.shortUrl,
        shortCode: shortened.shortCode,
        linkId: shortened.linkId,
        domainId: job.args.domainId,
        campaign: { state: 'none' },
        createdAt: now(),
        service: s.connection.serviceUrl,
        account: s.fingerprint,
      };
      const campaignId = job.args.campaignId;
      if (campaignId !== null) {
        // DESIGN.md: never fail the shortening because of the campaign.
        if (shortened.linkId === null) {
          entry.campaign = { state: 'failed', campaignId, reason: 'the service did not return the id of the new link' };
        } else {
          const linkId = shortened.linkId;
          try {
            await withRetry(() => client.assignCampaignLink(campaignId, linkId), { policy });
            entry.campaign = { state: 'assigned', campaignId };
          } catch (e) {
            entry.campaign = { state: 'failed', campaignId, reason: errorSentence(e, 'notification') };
          }
        }
      }
      await addToHistory(entry);
      return entry;
    },
    onSettled: async (job) => {
      if (!job.notify) return;
      if (job.state === 'done' && job.result) {
        const settings = await settingsItem.getValue();
        const copied = settings.autoCopy ? await deps.copy(job.result.shortUrl).catch(() => false) : false;
        const c = job.result.campaign;
        const body = c.state === 'failed' ? t('notifyCampaignFailed', job.result.shortUrl, c.reason) : job.result.shortUrl;
        await deps.notify(copied ? t('notifyCopiedTitle') : t('notifyReadyTitle'), body);
      } else if (job.error) {
        await deps.notify(t('notifyFailedTitle'), errorSentence(job.error, 'notification'));
      }
    },
  });

  const service = {
    jobs,
    sessions,

    /** Resumes queued work (worker start, alarm). */
    resume: () => jobs.resume(),

    /** Whether queued work is due soon enough to keep the worker awake for it (else: alarms). */
    async workDueSoon(horizonMs: number): Promise<boolean> {
      const pending = await jobs.unsettled();
      if (pending.length === 0) return false;
      const s = await sessions.get();
      const budgetWait = s ? Math.max(0, s.gate.budgets.waitMs('shorten')) : 0;
      return pending.some((j) => Math.max(j.notBefore - now(), budgetWait) < horizonMs);
    },

    /** The connection without the key. */
    async getConnection(): Promise<ConnectionInfo> {
      return connectionInfo(await connectionItem.getValue());
    },

    /** Checks, verifies (GET /api/account) and saves a connection. */
    async saveConnection(data: { serviceUrl: string; apiKey?: string }) {
      const checked = checkServiceUrl(data.serviceUrl);
      if (!checked.ok) throw new ApiError({ kind: 'invalid-input', field: 'serviceUrl', message: checked.message });
      const saved = await connectionItem.getValue();
      let apiKey = data.apiKey?.trim() ?? '';
      if (!apiKey) {
        // The key is sent only to the origin it was saved for: a new URL needs the key again.
        if (!saved?.apiKey || saved.serviceUrl !== checked.url)
          throw new ApiError({ kind: 'invalid-input', field: 'apiKey', message: 'API key is required for this service URL.' });
        apiKey = saved.apiKey;
      }
      if (/\s/.test(apiKey) || apiKey.length > 500)
        throw new ApiError({ kind: 'invalid-input', field: 'apiKey', message: 'API key must be one word without spaces.' });
      if (!isGrantedInManifest(checked.origin) && !(await deps.hasHostPermission(checked.origin)))
        throw new ApiError({
          kind: 'forbidden',
          message: `The extension has no permission to reach ${checked.origin}. Save again and allow access when the browser asks.`,
        });
      const same = saved?.serviceUrl === checked.url && saved.apiKey === apiKey;
      const conn: Connection = { serviceUrl: checked.url, apiKey, ...(same && saved?.shortenAuth ? { shortenAuth: saved.shortenAuth } : {}) };
      // Verify through the live session when nothing changed (its budget counts the request);
      // else through a session of the new connection, closed once it has answered.
      const current = same ? await sessions.get() : null;
      const s = current ?? (await sessions.build(conn));
      let account: Account;
      try {
        account = await s.client.interactive.getAccount();
      } finally {
        if (s !== current) s.close();
      }
      const previous = saved?.apiKey ? await fingerprintOf(saved.serviceUrl, saved.apiKey) : null;
      if (previous !== s.fingerprint) {
        // Domain and campaign ids belong to one account: another account starts without them.
        await settingsItem.setValue({ ...(await settingsItem.getValue()), defaultDomainId: null, defaultCampaignId: null, lastDomainId: null, lastCampaignId: null });
      }
      await connectionItem.setValue(conn);
      await sessions.reset();
      const live = await session();
      await live.cache.put('account', account);
      return { connection: connectionInfo(conn), account };
    },

    /** Forgets the key (keeps the service URL for the form) and that account's cache. */
    async forgetKey(): Promise<ConnectionInfo> {
      const saved = await connectionItem.getValue();
      const s = await sessions.get();
      await s?.cache.clear();
      const conn = saved ? { serviceUrl: saved.serviceUrl, apiKey: '' } : null;
      await connectionItem.setValue(conn);
      await sessions.reset();
      return connectionInfo(conn);
    },

    /** The account, cache first. */
    async getAccount(data: { refresh?: boolean }): Promise<Cached<Account>> {
      const s = await session();
      const res = await s.cache.get('account', loadAccount(s), data);
      s.gate.budgets.plan = res.value.status;
      return res;
    },

    /** Every item of a list, cache first. */
    async getList<N extends ListName>(data: { name: N; refresh?: boolean }): Promise<Cached<ListItems[N][]>> {
      if (!(data.name in LIST_METHODS)) throw new ApiError({ kind: 'invalid-input', field: 'name', message: 'name is not a list' });
      const s = await session();
      return s.cache.get(data.name, loadList(s, data.name), data) as Promise<Cached<ListItems[N][]>>;
    },

    /** Every item of one channel. */
    async getChannelItems(data: { channelId: number }) {
      const s = await session();
      return withRetry(() => fetchAllPages((p) => s.client.interactive.listChannelItems(data.channelId, p)));
    },

    /** One QR code with its statistics. */
    async getQr(data: { id: number }) {
      const s = await session();
      return withRetry(() => s.client.interactive.getQr(data.id));
    },

    /** Runs a mutation, then refreshes the list it touched before answering. */
    async mutate(m: Mutation): Promise<unknown> {
      if (!m || typeof m !== 'object' || !(m.op in TOUCHES) || !Array.isArray(m.args))
        throw new ApiError({ kind: 'invalid-input', field: 'op', message: 'op is not a known change' });
      const s = await session();
      const fn = s.client.interactive[m.op] as (...a: unknown[]) => Promise<unknown>;
      // A change is retried only when the server refused it for the rate limit: after a
      // timeout or 5xx it may have been applied, and a retry could apply it twice.
      const result = await withRetry(() => fn(...m.args), {
        policy: { maxTransientTries: 1, maxRateLimitedTries: 8, baseDelayMs: 500, maxDelayMs: 30_000 },
      });
      const touched = TOUCHES[m.op];
      const fresh = { fresh: true };
      if (touched === 'account') await s.cache.load('account', loadAccount(s), 'interactive', fresh).catch(() => undefined);
      else if (touched) await s.cache.load(touched, loadList(s, touched), 'interactive', fresh).catch(() => undefined);
      return result;
    },

    /** Shortens for a page: done at once, or queued when the budget makes it wait. */
    async shorten(req: ShortenRequest, source: Job['source'] = 'popup'): Promise<ShortenOutcome> {
      const s = await session();
      // Check the input now so that a bad URL is an immediate error, not a failed job
      // (the client checks again when the job runs).
      checkInput(ShortenInput, { url: req.url, custom_code: req.customCode || undefined, domain_id: req.domainId ?? undefined });
      // Jobs not settled yet are ahead of this one (those waiting at the gate among them).
      const ahead = (await jobs.unsettled()).length;
      const sendAt = s.gate.budgets.estimateSendAt('shorten', ahead);
      const willWait = sendAt - now() > QUEUE_ANSWER_AFTER_MS;
      const job = await jobs.add({
        kind: 'shorten',
        source,
        args: { url: req.url, domainId: req.domainId, campaignId: req.campaignId, customCode: req.customCode || undefined },
        priority: 'interactive',
        fingerprint: s.fingerprint,
        service: s.connection.serviceUrl,
        notify: source !== 'popup' || willWait,
      });
      if (willWait) deps.wakeAt(sendAt);
      // The menu and the shortcut do not wait: the job tells the user when it settles.
      if (willWait || source !== 'popup') return { status: 'queued', jobId: job.id, expectedAt: sendAt };
      const settled = await jobs.waitFor(job.id, SHORTEN_WAIT_MS);
      if (settled?.state === 'done' && settled.result) return { status: 'done', entry: settled.result };
      if (settled?.state === 'failed' && settled.error) throw toApiError(settled.error);
      // Still waiting (retries, budget): the user is told it is queued and notified later.
      const current = await jobs.get(job.id);
      if (current?.state === 'done' && current.result) return { status: 'done', entry: current.result };
      await jobs.markNotify(job.id);
      return { status: 'queued', jobId: job.id, expectedAt: Math.max(now(), s.gate.budgets.estimateSendAt('shorten', 0)) };
    },

    /** Shortens from the context menu or the shortcut with the default domain and campaign. */
    async shortenInBackground(url: string | undefined, source: Exclude<Job['source'], 'popup'>): Promise<void> {
      try {
        if (!url || !/^https?:/i.test(url)) {
          await deps.notify(t('notifyCannotTitle'), t('notifyCannotBody'));
          return;
        }
        const settings = await settingsItem.getValue();
        const outcome = await service.shorten(
          { url, domainId: settings.defaultDomainId, campaignId: settings.defaultCampaignId },
          source,
        );
        if (outcome.status === 'queued' && outcome.expectedAt - now() > QUEUE_ANSWER_AFTER_MS) {
          const at = new Date(outcome.expectedAt).toLocaleTimeString();
          await deps.notify(t('notifyQueuedTitle'), t('notifyQueuedBody', at));
        }
      } catch (e) {
        await deps.notify(t('notifyFailedTitle'), errorSentence(e, 'notification'));
      }
    },

    /** A job by id (the popup follows queued work). */
    getJob: (data: { jobId: string }) => jobs.get(data.jobId),

    /** Recent links of the current account. */
    async getHistory(): Promise<HistoryEntry[]> {
      const s = await sessions.get();
      return s && s.connection.apiKey ? historyOf(s.connection.serviceUrl, s.fingerprint) : [];
    },

    /** Removes a history entry, deleting the link on the service first when asked. */
    async deleteHistoryEntry(data: { id: string; remote: boolean }): Promise<HistoryEntry[]> {
      const list = await service.getHistory();
      const entry = list.find((e) => e.id === data.id);
      if (!entry) throw new ApiError({ kind: 'not-found', message: 'That link is no longer in the history.' });
      if (data.remote) {
        if (entry.linkId === null)
          throw new ApiError({ kind: 'invalid-input', field: 'linkId', message: 'The id of this link is unknown; it cannot be deleted from here.' });
        const s = await session();
        const linkId = entry.linkId;
        await withRetry(() => s.client.interactive.deleteLink(linkId), {
          policy: { maxTransientTries: 1, maxRateLimitedTries: 8, baseDelayMs: 500, maxDelayMs: 30_000 },
        });
      }
      await removeFromHistory(data.id);
      return service.getHistory();
    },

    async clearHistory(): Promise<HistoryEntry[]> {
      await clearHistory();
      return [];
    },

    getSettings: (): Promise<Settings> => settingsItem.getValue(),

    /** Merges and stores preferences (unknown members are ignored). */
    async saveSettings(patch: Partial<Settings>): Promise<Settings> {
      const current = await settingsItem.getValue();
      const next = { ...current };
      for (const k of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
        if (!(k in patch)) continue;
        const v = patch[k];
        const fallback = DEFAULT_SETTINGS[k];
        const ok = typeof fallback === 'boolean' ? typeof v === 'boolean' : v === null || (typeof v === 'number' && Number.isInteger(v) && v > 0);
        if (!ok) throw new ApiError({ kind: 'invalid-input', field: k, message: `${k} has a wrong value` });
        (next as Record<string, unknown>)[k] = v;
      }
      await settingsItem.setValue(next);
      return next;
    },

    async clearCache(): Promise<true> {
      const s = await sessions.get();
      await s?.cache.clear();
      return true;
    },
  };

  return service;
}

export type Service = ReturnType<typeof createService>;
