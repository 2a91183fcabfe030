/**
 * Who tells the user of the queue's jobs when no page shows them (the menu, the shortcut, the
 * address bar, a popup that closed): the clipboard and a notification for a made link, a
 * notification for a link that waits for the service or failed, and the links not sent because
 * the account changed (unsent.ts). All of it hears the queue's events.
 */
import { t } from '@/lib/i18n';
import { errorSentence } from '@/lib/i18n/errorText';
import { keptInHistory } from '@/lib/links/keptInHistory';
import { formatCopy } from '@/lib/links/copyFormat';
import { settingsItem, type HistoryEntry, type Job } from '@/lib/storage';
import type { JobQueue } from './jobs';
import type { NotifyOptions } from './notify';
import type { createUnsent } from './unsent';

/** The browser's surfaces the worker tells through. */
export type NoticeDeps = {
  copy: (text: string) => Promise<boolean>;
  notify: (title: string, message: string, opts?: NotifyOptions) => Promise<void>;
};

/** The link with what failed of its assignments (a notification's body). */
function linkBody(entry: HistoryEntry): string {
  const c = entry.campaign;
  const ch = entry.channel;
  const body = c.state === 'failed' ? t('notifyCampaignFailed', entry.shortUrl, c.reason) : entry.shortUrl;
  return ch?.state === 'failed' ? t('notifyChannelFailed', body, ch.reason) : body;
}

/** Tells of a made link no page shows (menu, shortcut, address bar, a popup that closed): copies (when the user wants it) and notifies. */
function madeNotice(deps: NoticeDeps): (job: Job, entry: HistoryEntry) => Promise<void> {
  return async (job, entry) => {
    const settings = await settingsItem.getValue();
    const copied = settings.autoCopy ? await deps.copy(formatCopy(settings.copyFormat, entry)).catch(() => false) : false;
    // Undo deletes through Recent links: offered when the link is known there (history on, id known).
    const undo = job.source !== 'popup' && entry.linkId !== null && keptInHistory(settings, job.args.private === true);
    await deps.notify(copied ? t('notifyCopiedTitle') : t('notifyReadyTitle'), linkBody(entry), undo ? { undoEntryId: entry.id } : {});
  };
}

/** Tells of a settled job no page waits for (a link told already: only a failed assignment). */
function settledNotice(deps: NoticeDeps): (job: Job) => Promise<void> {
  const made = madeNotice(deps);
  return async (job) => {
    // Links not sent because the account changed are named together (unsent.ts), not one by one;
    // a private window's link is not kept there, so it is told on its own.
    // Links of a forgotten connection are told together too (accounts.ts).
    if (!job.notify || (job.error?.reason === 'account-changed' && !job.args.private) || job.error?.reason === 'connection-forgotten')
      return;
    if (job.state === 'done' && job.result) {
      const entry = job.result;
      if (!job.told) await made(job, entry);
      else if (entry.campaign.state === 'failed' || entry.channel?.state === 'failed')
        await deps.notify(t('notifyReadyTitle'), linkBody(entry));
    } else if (job.error) {
      await deps.notify(t('notifyFailedTitle'), errorSentence(job.error, 'notification'));
    }
  };
}

/** Subscribes the user's notices to the queue: a made link, a link that waits, a settled one, one not sent. */
export function tellOfJobs(jobs: JobQueue, deps: NoticeDeps, unsent: ReturnType<typeof createUnsent>): void {
  const notice = madeNotice(deps);
  const settled = settledNotice(deps);
  jobs.events.on('made', async ({ job, entry }) => {
    if (job.batchId) return; // the bulk page's row shows it
    const current = await jobs.get(job.id);
    // A popup that asked or follows shows it itself (and says so over its port, `shown`); when
    // nobody does (menu, shortcut, a popup that closed), the worker tells of it now.
    if (!current || current.told || current.notified || !current.notify) return;
    await jobs.patch(job.id, { told: true });
    await notice(current, entry);
  });
  // Said at once, not after retries: the link waits for the service, and whoever waits is told so.
  jobs.events.on('waiting', ({ job, first }) => {
    if (first && job.notify && job.source !== 'popup' && job.source !== 'bulk')
      void deps.notify(t('notifyWaitingTitle'), t('notifyWaitingBody', job.args.url));
  });
  jobs.events.on('tell', ({ job }) => settled(job));
  jobs.events.on('unsent', ({ job }) => unsent.add(job));
}
