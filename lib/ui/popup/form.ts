/**
 * The popup's form, what happens at once: its fields, the remembered choices, Copy, the status
 * line, the way to the options and the bulk page. Shorten is in popupSubmit (loaded after the
 * first render).
 */
import { browser } from '@wxt-dev/browser';
import { ask } from './ask';
import { toId } from '../choices';
import { t } from '../../i18n';
import type { FormActions, SliceKit } from './store';

/** The form slice. */
export function formSlice({ set, get }: SliceKit): FormActions {
  const saveChoices = () => {
    const { domainId, campaignId } = get().form;
    void ask('saveSettings', { lastDomainId: toId(domainId), lastCampaignId: toId(campaignId) }).catch(() => undefined);
  };

  return {
    setUrl(url) {
      const s = get();
      set({
        form: { ...s.form, url, urlEdited: true },
        // The edited address is the one UTM parameters go to from now on.
        utm: { ...s.utm, base: null, tooLong: false },
        // An edited address is the user's own: the note about removed parameters no longer applies.
        cleaned: null,
        duplicate: null,
        error: s.error?.field === 'url' ? null : s.error,
        // A link shown for the previous address (and its "Copied") must not look like the new one's.
        ...(s.shown ? { shown: null, status: '' } : {}),
      });
    },

    setDomain(domainId) {
      set({ form: { ...get().form, domainId, choicesEdited: true }, duplicate: null });
      saveChoices();
    },

    setCampaign(campaignId) {
      set({ form: { ...get().form, campaignId, choicesEdited: true } });
      saveChoices();
      if (get().linkRules) void get().followCampaign();
    },

    setChannel(channelId) {
      set({ form: { ...get().form, channelId, choicesEdited: true } });
      void ask('saveSettings', { lastChannelId: toId(channelId) }).catch(() => undefined);
    },

    keepParams() {
      const { cleaned, form, utm } = get();
      if (!cleaned) return;
      set({ cleaned: null, form: { ...form, url: cleaned.original, urlEdited: true }, duplicate: null, utm: { ...utm, base: null, kept: true } });
      // Its own utm_* stay; the UTM values fill in only what it lacks.
      if (Object.values(utm.values).some(Boolean)) void get().refreshUtm();
    },

    toggleUtm() {
      const { utm, linkRules } = get();
      set({ utm: { ...utm, open: !utm.open } });
      // The presets are checked when the disclosure first opens (if no rule needed them before).
      if (!utm.open && !linkRules) void get().applyRules();
    },

    setCopyFormat(copyFormat) {
      set({ copyFormat });
    },

    copyLink(entry) {
      // Loaded on the first copy: the formats are not part of the popup's first script.
      return import('../../links/copyFormat').then(
        (m) => get().copy(m.formatCopy(get().copyFormat, entry)),
        () => set({ status: t('popupStatusCopyFailed') }),
      );
    },

    setCustomCode(customCode) {
      const s = get();
      set({ form: { ...s.form, customCode }, error: s.error?.field === 'custom_code' ? null : s.error });
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
      await (await import('./openBulk')).openBulkPage();
    },
  };
}
