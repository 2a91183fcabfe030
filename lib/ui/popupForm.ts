/** The popup's form: its fields, the remembered choices, Shorten (with the duplicate offer), Copy. */
import { browser } from 'wxt/browser';
import { ask } from './popupAsk';
import { t } from '../i18n';
import { checkField, findDuplicate } from './popupUrl';
import { toApiError } from '../api/errors';
import { queuedMessage } from './popupText';
import { isPro } from './popupData';
import { toId } from './choices';
import type { FormActions, SliceKit } from './popupStore';

/** The form slice. */
export function formSlice({ set, get }: SliceKit): FormActions {
  const saveChoices = () => {
    const { domainId, campaignId } = get().form;
    void ask('saveSettings', { lastDomainId: toId(domainId), lastCampaignId: toId(campaignId) }).catch(() => undefined);
  };

  return {
    setUrl(url) {
      const s = get();
      set({ form: { ...s.form, url, urlEdited: true }, duplicate: null, error: s.error?.field === 'url' ? null : s.error });
    },

    setDomain(domainId) {
      set({ form: { ...get().form, domainId, choicesEdited: true }, duplicate: null });
      saveChoices();
    },

    setCampaign(campaignId) {
      set({ form: { ...get().form, campaignId, choicesEdited: true } });
      saveChoices();
    },

    setCustomCode(customCode) {
      const s = get();
      set({ form: { ...s.form, customCode }, error: s.error?.field === 'custom_code' ? null : s.error });
    },

    /** Shortens the Long URL (after offering an earlier link of the same page, unless forced). */
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
      const customCode = isPro(s.account.value) ? s.form.customCode.trim() : '';
      if (!opts.force && !customCode) {
        const dup = findDuplicate(s.recent.items, verdict.url, domainId);
        if (dup) {
          set({ duplicate: dup, error: null, shown: null });
          return;
        }
      }
      get().unfollow();
      set({ busy: true, error: null, duplicate: null, shown: null, queued: null, status: '' });
      try {
        const outcome = await ask('shorten', { url: verdict.url, domainId, campaignId, ...(customCode ? { customCode } : {}) });
        if (outcome.status === 'done') {
          await get().showMade(outcome.entry, 'new');
        } else {
          set({ queued: { jobId: outcome.jobId, expectedAt: outcome.expectedAt }, status: queuedMessage(outcome.expectedAt) });
          get().follow(outcome.jobId);
        }
      } catch (e) {
        set({ error: toApiError(e).toJSON() }); // the form keeps what the user typed
      } finally {
        set({ busy: false });
      }
    },

    /** Shows the earlier link instead of making a new one. */
    async useExisting() {
      const dup = get().duplicate;
      if (dup) await get().showMade(dup, 'existing');
    },

    /** Makes a new link although an earlier one exists. */
    async createAnyway() {
      set({ duplicate: null });
      await get().submit({ force: true });
    },

    dismissDuplicate() {
      set({ duplicate: null });
    },

    /** Copies a text and says so. */
    async copy(text) {
      try {
        await navigator.clipboard.writeText(text);
        set({ status: t('popupStatusCopied') });
      } catch {
        set({ status: t('popupStatusCopyFailed') });
      }
    },

    announce(message) {
      set({ status: message });
    },

    openOptions() {
      void browser.runtime.openOptionsPage().catch(() => undefined);
    },

    async openBulk() {
      // The bulk page reads the tabs of the window the popup was opened from: its id goes along.
      const win = await browser.windows.getCurrent().catch(() => null);
      const query = typeof win?.id === 'number' ? `?window=${win.id}` : '';
      await browser.tabs.create({ url: browser.runtime.getURL(`/bulk.html${query}` as '/bulk.html') });
    },
  };
}
