/**
 * The popup's form: the page it was opened on, its fields, Shorten and the link it shows. What
 * its first screen does is here (the fields' changes, applied at once); what waits for the first
 * paint or a press is formActions.ts (the remembered choices, the cleaning, Copy, the status
 * line, the ways to the options and the bulk page) with formSubmit.ts (Shorten) and jobs.ts.
 */
import type { SerializedApiError } from '@/lib/api';
import type { HistoryEntry } from '@/lib/storage';
import type { CopyFormat } from '@/lib/links/copyFormat';
import type { Later, SliceKit } from '@/lib/ui/store';
import { toId } from '@/lib/ui/choices';
import { ask } from './ask';
import type { UtmState } from './utm';

/** The link shown in the result panel and where it came from. */
export interface ShownLink {
  entry: HistoryEntry;
  /** new: just made; existing: the duplicate the user chose; history: "QR" in Recent links. */
  origin: 'new' | 'existing' | 'history';
  /** Made after the popup said it waits: the user may be typing elsewhere meanwhile (focus stays there). */
  later?: boolean;
}

export interface PopupForm {
  url: string;
  /** '' = the service's default domain / no campaign; else the id as text (select values). */
  domainId: string;
  campaignId: string;
  channelId: string;
  customCode: string;
  /** The user edited the URL: a late tab answer must not overwrite it. */
  urlEdited: boolean;
  /** The user picked a domain or campaign: remembered choices must not overwrite it. */
  choicesEdited: boolean;
}

/** The form's actions that load after the first paint (formActions.ts). */
export interface FormLater {
  /** Applies remembered Domain/Campaign/Channel choices (the site rule's over them) until the user picks one. */
  applyRemembered(): Promise<void>;
  /** Removes tracking parameters from the tab's URL when the preference says so. */
  applyCleaning(): Promise<void>;
  /** "Keep them": the tab's URL with its tracking parameters, for this link. */
  keepParams(): Promise<void>;
  setCopyFormat(format: CopyFormat): Promise<void>;
  /** Copies a link in the "Copy as" format. */
  copyLink(entry: HistoryEntry): Promise<void>;
  dismissDuplicate(): Promise<void>;
  copy(text: string): Promise<void>;
  announce(message: string, shownBeside?: boolean): Promise<void>;
  openOptions(): Promise<void>;
  /** Opens the bulk page ("Shorten many links") in a tab, for the popup's window. */
  openBulk(): Promise<void>;
  /** Shortens the Long URL (after offering an earlier link of the same page, unless forced). */
  submit(opts?: { force?: boolean }): Promise<void>;
  /** Shows the earlier link instead of making a new one. */
  reuseExisting(): Promise<void>;
  /** Makes a new link although an earlier one exists. */
  createAnyway(): Promise<void>;
}

/** The form's part of the popup's state. */
export interface FormState {
  /** The page's address as the browser gave it (null: unknown). */
  tabUrl: string | null;
  /** The page's title (for the copy formats); null when unknown or the URL was typed. */
  tabTitle: string | null;
  /** The popup's window is private: its links stay out of Recent links unless the user allows it. */
  incognito: boolean;
  /** Tracking parameters removed from the tab's URL ("Keep them" puts `original` back). */
  cleaned: { original: string; url: string; removed: string[] } | null;
  form: PopupForm;
  busy: boolean;
  shown: ShownLink | null;
  /** The link followed while it waits, with the account it is made with (fingerprint). */
  queued: { jobId: string; expectedAt: number; fingerprint?: string } | null;
  error: SerializedApiError | null;
  /** An earlier link of the same page and domain, offered before making a new one. */
  duplicate: HistoryEntry | null;
  /** The one polite status line of the popup ("Copied to clipboard", the queue, …); when it equals statusBeside (said where the user acted: the QR panel) it is only spoken, shown there. */
  status: string;
  statusBeside?: string;
  /** "Copy as" beside Copy: starts as the preference "Copy format". */
  copyFormat: CopyFormat;
  setUrl(url: string): void;
  setDomain(id: string): void;
  setCampaign(id: string): void;
  setChannel(id: string): void;
  setCustomCode(code: string): void;
  /** The actions that load after the first paint, each waiting for its code on its first call. */
  formActions: Later<FormLater>;
}

/** The form at the popup's open (empty, nothing shown) and what its first screen does (a field's change is applied at once). */
export function formSlice({ set, get }: SliceKit<FormState & UtmState>): Omit<FormState, 'formActions'> {
  const saveChoices = () => {
    const { domainId, campaignId } = get().form;
    void ask('saveSettings', { lastDomainId: toId(domainId), lastCampaignId: toId(campaignId) }).catch(() => undefined);
  };

  return {
    tabUrl: null,
    tabTitle: null,
    incognito: false,
    cleaned: null,
    form: { url: '', domainId: '', campaignId: '', channelId: '', customCode: '', urlEdited: false, choicesEdited: false },
    busy: false,
    shown: null,
    queued: null,
    error: null,
    duplicate: null,
    status: '',
    copyFormat: 'link',

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
      if (get().linkRules) void get().utmActions.followCampaign();
    },

    setChannel(channelId) {
      set({ form: { ...get().form, channelId, choicesEdited: true } });
      void ask('saveSettings', { lastChannelId: toId(channelId) }).catch(() => undefined);
    },

    setCustomCode(customCode) {
      const s = get();
      set({ form: { ...s.form, customCode }, error: s.error?.field === 'custom_code' ? null : s.error });
    },
  };
}
