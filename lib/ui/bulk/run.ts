/**
 * The bulk page's run: "Shorten all" hands the batch to the worker, the page follows the stored
 * batch (also after a reopen) until no row waits, and the results go to the clipboard or a file.
 */
import { ask, type BulkScope, type BulkView } from '@/lib/messaging';
import { t } from '@/lib/i18n';
import { tCount } from '@/lib/i18n/count';
import { errorSentence } from '@/lib/i18n/errorText';
import { toApiError } from '@/lib/api/errors';
import { batchSizeProblem } from '@/lib/bulk/prepare';
import { formatResults, toCsvFile, type BulkCopyFormat, type ResultRow } from '@/lib/bulk/formats';
import type { BulkBatchView } from '@/lib/messaging';
import type { Campaign } from '@/lib/api';
import { rowCampaign } from './ruleText';
import { toId } from '@/lib/ui/choices';
import type { BulkKit, BulkRunActions } from './state';

/** How often the page asks where a running batch stands. */
export const FOLLOW_EVERY_MS = 500;

/** Whether rows of the batch still wait for their job. */
export const isRunning = (batch: BulkBatchView | null | undefined): boolean => !!batch?.items.some((it) => it.state === 'waiting');

/** The rows as the result formats take them (status: a stable word for spreadsheets), with the campaign and rule each was made with. */
export function resultRows(batch: BulkBatchView, campaigns: readonly Campaign[] = []): ResultRow[] {
  return batch.items.map((it) => ({
    longUrl: it.url,
    shortUrl: it.shortUrl ?? null,
    status: it.state,
    title: it.title ?? null,
    campaign: rowCampaign(batch, it, campaigns),
    rule: it.rule?.site ?? '',
  }));
}

const madeCount = (batch: BulkBatchView): number => batch.items.filter((it) => it.state === 'made' || it.state === 'reused').length;

/** "N of M made" for a run that went to its end (the status line says it once, when it ends). */
function finishedText(batch: BulkBatchView): string {
  const total = batch.items.length;
  return tCount({ one: 'bulkFinishedOne', other: 'bulkFinishedMany' }, total, [madeCount(batch), total]);
}

/** A run cancelled halfway, read from the stored batch (so a reload still says it): not "Done", and how many were not sent (rows that failed were sent); null for a run not cancelled or still going. */
export function stoppedText(batch: BulkBatchView | null | undefined): string | null {
  if (!batch || isRunning(batch)) return null;
  const cancelled = batch.items.filter((it) => it.state === 'cancelled').length;
  if (!cancelled) return null;
  return tCount({ one: 'bulkStoppedOne', other: 'bulkStoppedMany' }, cancelled, [madeCount(batch), batch.items.length, cancelled]);
}

/** The run slice. */
export function bulkRunSlice({ set, get, timers }: BulkKit): BulkRunActions {
  let stopFollowing: (() => void) | null = null;
  // A page opened for a private window acts on that window's batch (kept in memory, never in Recent links).
  const scope = async (): Promise<BulkScope> => ((await get().privacy) ? { private: true } : {});

  const follow = () => {
    if (stopFollowing) return;
    stopFollowing = timers.every(() => void get().refresh(), FOLLOW_EVERY_MS);
  };
  const unfollow = () => {
    stopFollowing?.();
    stopFollowing = null;
  };

  const shown = (view: BulkView | null) => {
    const was = isRunning(get().view?.batch);
    set({ view });
    if (isRunning(view?.batch)) follow();
    else {
      unfollow();
      // A finished run says so on the status line; a cancelled one is said by its stored batch
      // (stoppedText, shown with the rows: it survives a reload), so the line is cleared.
      if (was && view) set({ status: stoppedText(view.batch) ? '' : finishedText(view.batch) });
    }
  };
  const failed = (e: unknown) => set({ alert: errorSentence(e, 'notification'), status: '' });

  return {
    async refresh() {
      try {
        shown(await ask('getBulk', await scope()));
      } catch {
        // The worker is starting again: the next turn asks once more.
      }
    },

    async start() {
      const privately = await scope();
      const s = get();
      const { addresses } = s.preview;
      const problem = batchSizeProblem(addresses.length);
      if (problem) {
        set({ alert: problem, status: '' });
        return;
      }
      const { domainId, campaignId, channelId, makeNew } = s.form;
      const ids = { domainId: toId(domainId), campaignId: toId(campaignId), channelId: toId(channelId) };
      const asked = ask('startBulk', {
        addresses: addresses.map((a) => ({ url: a.url, ...(s.titles[a.url] ? { title: s.titles[a.url] } : {}) })),
        makeNew,
        ...ids,
        // The account the page shows: refused when another window switched meanwhile.
        ...(s.accounts.current ? { account: s.accounts.current } : {}),
        ...privately,
      });
      // Asked first: the messaging library hands the message to the browser one microtask later,
      // before the page's redraw as "starting" (React's, queued by the set below), not after it.
      set({ starting: true, alert: '', batchText: s.form.text });
      try {
        const view = await asked;
        void ask('saveSettings', { lastDomainId: ids.domainId, lastCampaignId: ids.campaignId, lastChannelId: ids.channelId }).catch(
          () => undefined,
        );
        set({ status: t('bulkStarted') });
        shown(view);
      } catch (e) {
        set({ alert: t('bulkFailedToStart', errorSentence(e, 'notification')), status: '' });
        if (toApiError(e).reason === 'account-switched') void get().followCurrentAccount();
      } finally {
        set({ starting: false });
      }
    },

    async cancel() {
      try {
        shown(await ask('cancelBulk', await scope()));
      } catch (e) {
        failed(e);
      }
    },

    async retry(index) {
      try {
        shown(await ask('retryBulk', { index, ...(await scope()) }));
      } catch (e) {
        failed(e);
      }
    },

    async newBatch() {
      try {
        await ask('clearBulk', await scope());
        unfollow();
        // A new batch starts from an empty field (the last one's addresses, kept, ran again when
        // one was added); text typed since the batch started stays.
        const typed = get().form.text !== get().batchText;
        set({ view: null, status: '', alert: '', batchText: null });
        if (!typed) get().setText('');
        return true;
      } catch (e) {
        failed(e);
        return false;
      }
    },

    setCopyFormat: (copyFormat: BulkCopyFormat) => set({ copyFormat }),

    async copyAll() {
      const view = get().view;
      if (!view) return;
      const format = get().copyFormat;
      try {
        await navigator.clipboard.writeText(formatResults(format, resultRows(view.batch, get().campaigns.value)));
        const names = { list: t('bulkFormatList'), markdown: t('bulkFormatMarkdown'), csv: t('bulkFormatCsv') };
        set({ status: t('bulkCopied', names[format]), alert: '' });
      } catch {
        set({ alert: t('bulkCopyFailed'), status: '' });
      }
    },

    downloadCsv() {
      const view = get().view;
      if (!view) return;
      const blob = new Blob([toCsvFile(resultRows(view.batch, get().campaigns.value))], { type: 'text/csv;charset=utf-8' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `links-${new Date(view.batch.createdAt).toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      timers.later(() => URL.revokeObjectURL(url), 10_000);
    },
  };
}
