/**
 * Bulk shortening (the bulk page): a batch of addresses is stored as one record, each address
 * not already in Recent links becomes a shorten job of the persisted queue (background priority,
 * so a link the user waits for in the popup goes first), and every job that settles writes its
 * outcome into the record. Closing the page or a stopped worker loses nothing: the record and
 * the jobs are in storage, and the page reads where the batch stands when it opens.
 */
import { ApiError, checkInput, ShortenInput } from '@/lib/api';
import { batchSizeProblem, reusableLink } from '@/lib/bulk/prepare';
import { t } from '@/lib/i18n';
import type { BulkRequest, BulkScope, BulkView, ShownAccount } from '@/lib/messaging';
import { checkShownAccount } from './shownAccount';
import type { BulkBatch, BulkItem } from '@/lib/storage';
import { bulkBatchView } from './bulkView';
import { cancelledError, itemOf, recordBulkMade, recordBulkOutcome, slotOf, toQueue, type BatchSlot } from './bulkBatch';
import { ruleResolver, warnOnce } from './ruleChoices';
import { ruleFallbackText } from '@/lib/links/ruleWords';
import { historyOf, readStoredHistory } from './history';
import type { JobQueue } from './jobs';
import { checkChannelId } from './channelId';
import type { Session, SessionHolder } from './session';

export interface BulkDeps {
  sessions: SessionHolder;
  jobs: JobQueue;
  now: () => number;
  /** Tells of a site rule naming what is gone (once per rule). */
  notify?: (title: string, message: string) => Promise<void>;
}

/** The bulk messages: start, follow, cancel, retry, clear. */
export function createBulk({ sessions, jobs, now, notify }: BulkDeps) {
  // A row shows its link as soon as it is made (its assignments follow), and its outcome when its job settles.
  jobs.events.on('made', ({ job, entry }) => (job.batchId ? recordBulkMade(job, entry) : undefined));
  jobs.events.on('settled', ({ job }) => recordBulkOutcome(job));
  /**
   * Queues one job per row (the rows' indexes) and stores the batch naming each row's job in the
   * same storage call: a stopped worker leaves both or neither. `fresh`: a batch not stored yet
   * (else the stored one is read, in turn with the other changes to it).
   */
  function queueRows(slot: BatchSlot, rows: number[], fresh?: BulkBatch): Promise<BulkBatch | null> {
    return slot.write(async () => {
      const batch = fresh ?? (await slot.item.getValue());
      if (!batch) return null;
      let next = batch;
      const wanted = fresh ? rows : rows.filter((i) => toQueue(batch.items[i]));
      if (wanted.length === 0) {
        if (fresh) await slot.item.setValue(batch);
        return batch;
      }
      await jobs.addMany(
        wanted.map((i) => ({
          kind: 'shorten' as const,
          source: 'bulk' as const,
          batchId: batch.id,
          args: {
            url: batch.items[i]!.url,
            // A row a site rule matched has its own choices.
            domainId: batch.items[i]!.choices?.domainId ?? batch.domainId,
            campaignId: batch.items[i]!.choices?.campaignId ?? batch.campaignId,
            channelId: batch.items[i]!.choices?.channelId ?? batch.channelId,
            ...(batch.items[i]!.title ? { title: batch.items[i]!.title } : {}),
            // A private window's rows: out of Recent links, their addresses forgotten once made.
            ...(slot.fromPrivate ? { private: true } : {}),
          },
          priority: 'background' as const,
          fingerprint: batch.fingerprint,
          service: batch.service,
          notify: false,
        })),
        (made) => {
          const jobOf = new Map(wanted.map((row, k) => [row, made[k]!.id]));
          next = {
            ...batch,
            items: batch.items.map((it, i) => (jobOf.has(i) ? { ...it, state: 'waiting', jobId: jobOf.get(i)!, error: undefined } : it)),
          };
          return [{ item: slot.item, value: next }];
        },
      );
      return next;
    });
  }

  /** Brings waiting rows up to date with their jobs (a row whose job is gone is looked up in the history). */
  async function reconcile(slot: BatchSlot, batch: BulkBatch): Promise<BulkBatch> {
    const all = await jobs.list();
    const byId = new Map(all.map((j) => [j.id, j]));
    const history = await readStoredHistory();
    let changed = false;
    const orphans: number[] = [];
    const items = batch.items.map((it, i): BulkItem => {
      if (it.state !== 'waiting') return it;
      const job = it.jobId ? byId.get(it.jobId) : all.find((j) => j.batchId === batch.id && j.args.url === it.url);
      if (job) {
        const next = itemOf({ ...it, jobId: job.id }, job);
        if (next !== it) changed = true;
        return next;
      }
      const entry = it.jobId ? history.find((e) => e.id === it.jobId) : undefined;
      changed = true;
      if (entry) return { ...it, state: 'made', shortUrl: entry.shortUrl };
      // A row without a job (a batch stored by an earlier version, record before jobs): queued again below.
      if (!it.jobId) orphans.push(i);
      return it.jobId ? { ...it, state: 'failed', error: { kind: 'unreadable', message: t('bulkOutcomeUnknown') } } : it;
    });
    if (!changed) return batch;
    // Only rows no one changed since they were read (a Retry in between keeps its new job).
    const same = (a: BulkItem | undefined, b: BulkItem) => !!a && a.state === b.state && a.jobId === b.jobId;
    const stored = (await slot.update((b) =>
      b.id === batch.id ? { ...b, items: b.items.map((cur, i) => (same(cur, batch.items[i]!) ? items[i]! : cur)) } : b,
    )) ?? { ...batch, items };
    return orphans.length && stored.id === batch.id ? ((await queueRows(slot, orphans)) ?? stored) : stored;
  }

  /** The batch with the expected send time of each waiting row (budget and queue ahead of it). */
  async function view(batch: BulkBatch | null): Promise<BulkView | null> {
    if (!batch) return null;
    const s = await sessions.forAccount(batch.fingerprint);
    const pending = await jobs.unsettled();
    const unsettled = pending.map((j) => j.id);
    const expectedAt = batch.items.map((it) => {
      if (it.state !== 'waiting' || !it.jobId || !s) return null;
      const ahead = unsettled.indexOf(it.jobId);
      return ahead < 0 ? null : s.gate.budgets.estimateSendAt('shorten', ahead);
    });
    // A row whose job waits for the service says so, not a time, and whether the service answered
    // with an error (a failing service is not one that cannot be reached).
    const forService = new Map(pending.filter((j) => j.waitingSince !== undefined).map((j) => [j.id, j]));
    const jobFor = (it: BulkItem) => (it.state === 'waiting' && it.jobId ? forService.get(it.jobId) : undefined);
    const waitingForService = batch.items.map((it) => jobFor(it) !== undefined);
    const serviceFailing = batch.items.map((it) => jobFor(it)?.error?.kind === 'server');
    return { batch: bulkBatchView(batch), expectedAt, waitingForService, serviceFailing, now: now() };
  }

  /** Whether a batch is being started now (between its checks and its write). */
  let starting = false;

  /** Starts a batch whose request was checked: reuses Recent links (unless asked not to), queues the rest. */
  async function start(s: Session, req: BulkRequest, addresses: BulkRequest['addresses'], slot: BatchSlot): Promise<BulkView | null> {
    // Both reads at once: the first request leaves a storage round trip sooner.
    const [running, history, rule] = await Promise.all([
      slot.item.getValue(),
      historyOf(s.connection.serviceUrl, s.fingerprint),
      ruleResolver(s),
    ]);
    if (running && running.items.some((it) => it.state === 'waiting'))
      throw new ApiError({ kind: 'invalid-input', field: 'addresses', message: t('bulkStillRunning') });
    const pageChoices = { domainId: req.domainId, campaignId: req.campaignId, channelId: checkChannelId(req.channelId) ?? null };
    const fallbacks = new Map<string, ReturnType<typeof rule>>();
    const items = addresses.map((a): BulkItem => {
      // A choice made in the page's pickers wins; what they leave at "No …" the matching site
      // rule chooses (and its preset is added after the cleaning). The row says which rule chose what.
      const ruled = rule(String(a.url ?? ''), pageChoices, true);
      if (ruled.warnKey) fallbacks.set(ruled.warnKey, ruled);
      const choices = ruled.site
        ? {
            choices: { domainId: ruled.domainId, campaignId: ruled.campaignId, channelId: ruled.channelId },
            rule: { site: ruled.site, chose: ruled.chose },
          }
        : {};
      const base = { url: ruled.url, ...(a.title ? { title: String(a.title).slice(0, 500) } : {}), jobId: null, ...choices };
      try {
        checkInput(ShortenInput, { url: base.url, domain_id: base.choices?.domainId ?? req.domainId ?? undefined });
      } catch (e) {
        return { ...base, state: 'failed', error: (e as ApiError).toJSON() };
      }
      const reused = reusableLink(history, base.url, base.choices?.domainId ?? req.domainId, !!req.makeNew);
      return reused ? { ...base, state: 'reused', shortUrl: reused.shortUrl } : { ...base, state: 'waiting' };
    });
    const batch: BulkBatch = {
      id: crypto.randomUUID(),
      createdAt: now(),
      fingerprint: s.fingerprint,
      service: s.connection.serviceUrl,
      domainId: req.domainId,
      campaignId: req.campaignId,
      channelId: checkChannelId(req.channelId),
      items,
    };
    const rows = items.flatMap((it, i) => (it.state === 'waiting' ? [i] : []));
    const started = view((await queueRows(slot, rows, batch)) ?? batch);
    for (const [key, r] of fallbacks)
      if (await warnOnce(s.fingerprint, key))
        await notify?.(t('ruleFallbackTitle'), ruleFallbackText(r.site!, r.missing)).catch(() => undefined);
    return started;
  }

  return {
    /** Starts a batch: reuses Recent links (unless new links are asked for), queues the rest. */
    async startBulk(req: BulkRequest & ShownAccount & BulkScope): Promise<BulkView | null> {
      const s = await sessions.require();
      checkShownAccount(s, req?.account);
      const addresses = Array.isArray(req?.addresses) ? req.addresses : [];
      const problem = batchSizeProblem(addresses.length);
      if (problem) throw new ApiError({ kind: 'invalid-input', field: 'addresses', message: problem });
      // A second page pressing "Shorten all" while this batch is being stored is refused like one
      // pressed while it runs (the check below reads storage before this batch is there).
      if (starting) throw new ApiError({ kind: 'invalid-input', field: 'addresses', message: t('bulkStillRunning') });
      starting = true;
      try {
        return await start(s, req, addresses, slotOf(req?.private === true));
      } finally {
        starting = false;
      }
    },

    /** Where the batch of the page's kind of window stands (null: none). */
    async getBulk(scope?: BulkScope): Promise<BulkView | null> {
      const slot = slotOf(scope?.private === true);
      const batch = await slot.item.getValue();
      return view(batch ? await reconcile(slot, batch) : null);
    },

    /** Stops every row not sent yet; rows on the wire complete. */
    async cancelBulk(scope?: BulkScope): Promise<BulkView | null> {
      const slot = slotOf(scope?.private === true);
      const batch = await slot.item.getValue();
      if (!batch) return null;
      const ids = batch.items.flatMap((it) => (it.state === 'waiting' && it.jobId ? [it.jobId] : []));
      const cancelled = new Set(await jobs.cancel(ids, cancelledError()));
      const next = await slot.update((b) => ({
        ...b,
        items: b.items.map((it) => (it.jobId && cancelled.has(it.jobId) ? { ...it, state: 'cancelled', error: cancelledError() } : it)),
      }));
      return view(next);
    },

    /** Queues a failed or cancelled row again. */
    async retryBulk(data: { index: number } & BulkScope): Promise<BulkView | null> {
      await sessions.require();
      const slot = slotOf(data?.private === true);
      const batch = await slot.item.getValue();
      const item = batch?.items[data?.index];
      if (!batch || !item) throw new ApiError({ kind: 'not-found', message: t('bulkRowGone') });
      if (item.state !== 'failed' && item.state !== 'cancelled') return view(batch);
      return view(await queueRows(slot, [data.index]));
    },

    /** Forgets a finished batch (its links stay in Recent links). */
    async clearBulk(scope?: BulkScope): Promise<null> {
      const slot = slotOf(scope?.private === true);
      const batch = await slot.item.getValue();
      if (batch?.items.some((it) => it.state === 'waiting'))
        throw new ApiError({ kind: 'invalid-input', field: 'addresses', message: t('bulkStillRunning') });
      await slot.write(() => slot.item.setValue(null));
      return null;
    },
  };
}
