/** Shorten (with the duplicate offer): what the form does when pressed. */
import { ask } from './ask';
import { t } from '@/lib/i18n';
import { clock } from '@/lib/i18n/format';
import { checkField } from '@/lib/links/address';
import { findDuplicate } from '@/lib/links/sameLink';
import { toApiError } from '@/lib/api/errors';
import { waitingMessage } from './text';
import { isPro } from './data';
import { toId } from '@/lib/ui/choices';
import type { Jobs } from './jobs';
import type { FormLater } from './form';
import type { PopupKit } from './state';

/** The form's tasks. */
export function submitTasks({ set, get }: PopupKit, jobs: Jobs): Pick<FormLater, 'submit' | 'reuseExisting' | 'createAnyway'> {
  return {
    async submit(opts = {}) {
      const s = get();
      if (s.busy) return;
      const verdict = checkField(s.form.url, s.tabUrl);
      if (verdict.kind !== 'ok') {
        const message =
          verdict.kind === 'invalid' ? verdict.message : verdict.kind === 'empty' ? t('popupEnterUrl') : t('popupCannotShortenAddress');
        set({ error: { kind: 'invalid-input', field: 'url', message } });
        return;
      }
      const domainId = toId(s.form.domainId);
      const campaignId = toId(s.form.campaignId);
      const channelId = toId(s.form.channelId);
      // The page's title goes with a link of the tab's page (cleaned or not), not with a typed address.
      // With UTM parameters added, the address they were added to says whether it is the tab's page.
      const page = s.utm.base ?? verdict.url;
      const ofTab = [verdict.url, page].some((u) => u === s.tabUrl || u === s.cleaned?.url);
      const title = ofTab && s.tabTitle ? s.tabTitle : undefined;
      const customCode = isPro(s.account.value) ? s.form.customCode.trim() : '';
      if (!opts.force && !customCode) {
        const dup = findDuplicate(s.recent.items, verdict.url, domainId);
        if (dup) {
          set({ duplicate: dup, error: null, shown: null, status: '' });
          return;
        }
      }
      jobs.unfollow();
      // Asked before the page redraws for the press: the message leaves a microtask later (the
      // messaging library awaits once first), and the redraw, which React runs in a microtask of
      // its own, would otherwise go first and hold it back.
      const answer = ask('shorten', {
        url: verdict.url,
        domainId,
        campaignId,
        ...(channelId !== null ? { channelId } : {}),
        ...(title ? { title } : {}),
        ...(customCode ? { customCode } : {}),
        ...(s.incognito ? { private: true } : {}),
      });
      set({ busy: true, error: null, duplicate: null, shown: null, queued: null, status: '' });
      try {
        const outcome = await answer;
        if (outcome.status === 'done') {
          // Shown and copied at once; its campaign and channel are added when the worker has them.
          await jobs.showMade(outcome.entry, 'new');
          if (outcome.jobId) {
            // Shown here: should the popup close before the assignments, the worker tells only of a failure.
            void get()
              .waitingActions.markShown(outcome.jobId)
              .catch(() => undefined);
            void jobs.awaitOutcomes(outcome.jobId);
          }
        } else {
          // Waiting for the rate limit, a slow answer, or a service that cannot be reached now.
          const waiting = { waitingFor: outcome.waitingFor, reasonKind: outcome.reason?.kind, expectedAt: outcome.expectedAt };
          const status =
            outcome.already && (outcome.waitingFor ?? 'budget') === 'budget' && outcome.expectedAt > Date.now()
              ? t('popupAlreadyQueued', clock(outcome.expectedAt))
              : waitingMessage(waiting);
          // Made with the account chosen now: after a switch the popup says which one it waits for.
          const fingerprint = get().accounts?.current ?? undefined;
          set({ queued: { jobId: outcome.jobId, expectedAt: outcome.expectedAt, ...(fingerprint ? { fingerprint } : {}) }, status });
          jobs.follow(outcome.jobId);
        }
      } catch (e) {
        set({ error: toApiError(e).toJSON() }); // the form keeps what the user typed
      } finally {
        set({ busy: false });
      }
    },

    async reuseExisting() {
      const dup = get().duplicate;
      if (dup) await jobs.showMade(dup, 'existing');
    },

    async createAnyway() {
      set({ duplicate: null });
      await get().formActions.submit({ force: true });
    },
  };
}
