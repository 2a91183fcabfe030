/**
 * The form's actions that no first render needs, loaded on the first call of one (after the first
 * paint, in the chunk every open loads then): the remembered choices as the worker's answers and
 * the site rule change them (the first render's come from loaders.ts's prime, before any rule
 * applies), removing tracking parameters and "Keep them", Copy and "Copy as", the status line's
 * messages, the duplicate offer's dismissal, the ways to the options and the bulk page, and
 * Shorten (formSubmit.ts).
 */
import { browser } from '@wxt-dev/browser';
import { t } from '@/lib/i18n';
import { withRemembered } from '@/lib/ui/choices';
import { ruledChoices } from './ruledChoices';
import type { FormLater } from './form';
import type { PopupKit } from './state';
import { jobsOf } from './jobs';
import { submitTasks } from './formSubmit';

/** The form's later actions (store.ts loads them on the first call of one). */
export function formActions(kit: PopupKit): FormLater {
  const { set, get } = kit;
  return {
    ...submitTasks(kit, jobsOf(kit)),

    async applyRemembered() {
      const s = get();
      const form = withRemembered(s);
      if (!form) return;
      if (!s.rule) return set({ form });
      // The site rule's choices over the remembered ones; what it names that is gone falls back.
      const { choices, missing } = ruledChoices(form, s.rule, s.domains, s.campaigns, s.channels);
      const same = missing.length === s.rule.missing.length && missing.every((m, i) => m === s.rule!.missing[i]);
      set({ form: { ...form, ...choices }, ...(same ? {} : { rule: { ...s.rule, missing } }) });
    },

    async applyCleaning() {
      const { settings, tabUrl, form, cleaned } = get();
      if (!settings?.cleanLinks || !tabUrl || form.urlEdited || cleaned) return;
      // Loaded on demand: the cleaner is not part of the popup's first paint.
      const { cleanUrl } = await import('@/lib/links/cleanUrl');
      const out = cleanUrl(tabUrl);
      const now = get();
      if (out.removed.length === 0 || now.form.urlEdited || now.cleaned || now.tabUrl !== tabUrl) return;
      set({
        cleaned: { original: tabUrl, url: out.url, removed: out.removed },
        form: { ...now.form, url: out.url },
        utm: { ...now.utm, base: null },
      });
      // UTM parameters are added after the cleaning: it never removes them.
      if (Object.values(now.utm.values).some(Boolean)) await get().utmActions.refreshUtm();
    },

    async keepParams() {
      const { cleaned, form, utm } = get();
      if (!cleaned) return;
      set({ cleaned: null, form: { ...form, url: cleaned.original, urlEdited: true }, duplicate: null, utm: { ...utm, base: null } });
      // Its other tracking parameters stay; a UTM field with a value replaces the address's own of that name.
      if (Object.values(utm.values).some(Boolean)) void get().utmActions.refreshUtm();
    },

    async setCopyFormat(copyFormat) {
      set({ copyFormat });
    },

    copyLink(entry) {
      // Loaded on the first copy: the formats are not part of the popup's first script.
      return import('@/lib/links/copyFormat').then(
        (m) => get().formActions.copy(m.formatCopy(get().copyFormat, entry)),
        () => set({ status: t('popupStatusCopyFailed') }),
      );
    },

    async dismissDuplicate() {
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

    async announce(message, shownBeside = false) {
      set({ status: message, statusBeside: shownBeside ? message : undefined });
    },

    async openOptions() {
      await browser.runtime.openOptionsPage().catch(() => undefined);
    },

    async openBulk() {
      await (await import('./openBulk')).openBulkPage();
    },
  };
}
