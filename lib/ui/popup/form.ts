/**
 * The popup's form, what its first screen does: its fields, the remembered choices and the UTM
 * disclosure. Copy, the status line's messages, the ways to the options and the bulk page are in
 * later.ts, Shorten in submit.ts (both loaded after the first render).
 */
import { ask } from './ask';
import { toId } from '@/lib/ui/choices';
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

    toggleUtm() {
      const { utm, linkRules } = get();
      set({ utm: { ...utm, open: !utm.open } });
      // The presets are checked when the disclosure first opens (if no rule needed them before).
      if (!utm.open && !linkRules) void get().applyRules();
    },

    setQuery(query) {
      set({ recent: { ...get().recent, query } });
    },

    setCustomCode(customCode) {
      const s = get();
      set({ form: { ...s.form, customCode }, error: s.error?.field === 'custom_code' ? null : s.error });
    },
  };
}
