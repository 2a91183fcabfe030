/**
 * The popup's state: a zustand store fed only by messages to the worker (`ask`), never
 * holding the API key and never calling fetch. Components read it and call its actions.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { browser } from 'wxt/browser';
import { ask as askWorker } from '../messaging';
import type { Account, Campaign, Domain, SerializedApiError } from '../api';
import type { HistoryEntry, Job, Settings } from '../storage';
import { checkField, findDuplicate } from './popupUrl';
import { asApiError, queuedMessage } from './popupText';
import { t } from '../i18n';

/** The outside world of the popup: the worker, the tab, the clipboard, the clock. */
export interface PopupDeps {
  ask: typeof askWorker;
  /** The address of the page the popup acts on (null when the browser does not tell it). */
  activeTabUrl(): Promise<string | null>;
  writeText(text: string): Promise<void>;
  openOptions(): Promise<void>;
  now(): number;
  /** How often a queued link is looked at. */
  pollMs: number;
  /** How long before a stale cached list is asked for again (the worker refreshes it meanwhile). */
  staleRecheckMs: number;
}

/** The real outside world. `popup.html?url=…` names the page explicitly (the popup opened as a tab). */
export const defaultPopupDeps: PopupDeps = {
  ask: askWorker,
  async activeTabUrl() {
    const given = new URLSearchParams(globalThis.location?.search ?? '').get('url');
    if (given) return given;
    const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
    return tab?.url || null;
  },
  writeText: (text) => navigator.clipboard.writeText(text),
  openOptions: () => browser.runtime.openOptionsPage(),
  now: () => Date.now(),
  pollMs: 1000,
  staleRecheckMs: 3000,
};

export type LoadState = 'loading' | 'ready' | 'error';

/** A loaded list and how its load went. */
export interface Loaded<T> {
  state: LoadState;
  items: T[];
}

/** The link shown in the result panel and where it came from. */
export interface ShownLink {
  entry: HistoryEntry;
  /** new: just made; existing: the duplicate the user chose; history: "QR" in Recent links. */
  origin: 'new' | 'existing' | 'history';
}

export interface PopupForm {
  url: string;
  /** '' = the service's default domain / no campaign; else the id as text (select values). */
  domainId: string;
  campaignId: string;
  customCode: string;
  /** The user edited the URL: a late tab answer must not overwrite it. */
  urlEdited: boolean;
  /** The user picked a domain or campaign: remembered choices must not overwrite it. */
  choicesEdited: boolean;
}

export interface RecentLinks {
  state: LoadState;
  items: HistoryEntry[];
  query: string;
  /** The entry whose inline "Delete this link on the service?" is open. */
  confirmingId: string | null;
  deletingId: string | null;
  /** A failed delete, shown under its entry. */
  failure: { id: string; error: SerializedApiError } | null;
}

export interface PopupState {
  /** The page's address as the browser gave it (null: unknown). */
  tabUrl: string | null;
  connection: 'unknown' | 'connected' | 'disconnected';
  settings: Settings | null;
  domains: Loaded<Domain>;
  campaigns: Loaded<Campaign>;
  account: { state: LoadState; value: Account | null };
  form: PopupForm;
  busy: boolean;
  shown: ShownLink | null;
  queued: { jobId: string; expectedAt: number } | null;
  error: SerializedApiError | null;
  /** An earlier link of the same page and domain, offered before making a new one. */
  duplicate: HistoryEntry | null;
  /** The one polite status line of the popup ("Copied to clipboard", the queue, …). */
  status: string;
  recent: RecentLinks;

  init(): Promise<void>;
  dispose(): void;
  setUrl(url: string): void;
  setDomain(id: string): void;
  setCampaign(id: string): void;
  setCustomCode(code: string): void;
  submit(opts?: { force?: boolean }): Promise<void>;
  useExisting(): Promise<void>;
  createAnyway(): Promise<void>;
  dismissDuplicate(): void;
  copy(text: string): Promise<void>;
  showEntry(entry: HistoryEntry): void;
  announce(message: string): void;
  setQuery(query: string): void;
  askDelete(id: string): void;
  cancelDelete(): void;
  confirmDelete(): Promise<void>;
  removeLocally(id: string): Promise<void>;
  openOptions(): void;
}

export type PopupStore = StoreApi<PopupState>;

/** Domains that can be chosen: a positive integer id (shared domains have none). */
export function selectableDomains(domains: readonly Domain[]): Domain[] {
  return domains.filter((d): d is Domain & { id: number } => typeof d.id === 'number' && Number.isInteger(d.id) && d.id > 0);
}

/** Whether the account may choose a custom alias. */
export function isPro(account: Account | null): boolean {
  return !!account && account.status.trim().toLowerCase() === 'pro';
}

/** The remembered choice when it still exists in the (loaded) list, else ''. */
function remembered(id: number | null | undefined, list: Loaded<{ id: number | null }>): string {
  if (id === null || id === undefined) return '';
  if (list.state === 'ready' && !list.items.some((x) => x.id === id)) return '';
  return String(id);
}

/** An answer that should be a list, as a list (a confused worker must not break the popup). */
const listOf = <T,>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

const toId = (v: string): number | null => (v === '' ? null : Number(v));

/** Creates the popup's store around its outside world. */
export function createPopupStore(deps: PopupDeps = defaultPopupDeps): PopupStore {
  let started = false;
  let disposed = false;
  let pollTimer: ReturnType<typeof setInterval> | null = null;
  let polling = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (!disposed) fn();
    }, ms);
    timers.add(t);
  };

  return createStore<PopupState>()((set, get) => {
    /** Applies remembered Domain/Campaign choices until the user picks one. */
    const applyRemembered = () => {
      const s = get();
      if (s.form.choicesEdited || !s.settings) return;
      const domainList: Loaded<{ id: number | null }> = { state: s.domains.state, items: selectableDomains(s.domains.items) };
      set({
        form: {
          ...s.form,
          domainId: remembered(s.settings.lastDomainId, domainList),
          campaignId: remembered(s.settings.lastCampaignId, s.campaigns),
        },
      });
    };

    const loadDomains = async (again: boolean) => {
      try {
        const r = await deps.ask('getList', { name: 'domains' });
        // `ask` loses getList's generic (the union of every list comes back): the name says which.
        set({ domains: { state: 'ready', items: listOf<Domain>(r.value) } });
        if (r.stale && !again) later(() => void loadDomains(true), deps.staleRecheckMs);
      } catch {
        if (!again) set({ domains: { state: 'error', items: get().domains.items } });
      }
      applyRemembered();
    };

    const loadCampaigns = async (again: boolean) => {
      try {
        const r = await deps.ask('getList', { name: 'campaigns' });
        set({ campaigns: { state: 'ready', items: listOf<Campaign>(r.value) } });
        if (r.stale && !again) later(() => void loadCampaigns(true), deps.staleRecheckMs);
      } catch {
        if (!again) set({ campaigns: { state: 'error', items: get().campaigns.items } });
      }
      applyRemembered();
    };

    const loadAccount = async (again: boolean) => {
      try {
        const r = await deps.ask('getAccount', {});
        set({ account: { state: 'ready', value: r.value } });
        if (r.stale && !again) later(() => void loadAccount(true), deps.staleRecheckMs);
      } catch {
        if (!again) set({ account: { state: 'error', value: get().account.value } });
      }
    };

    const loadHistory = async () => {
      try {
        const items = listOf<HistoryEntry>(await deps.ask('getHistory'));
        set({ recent: { ...get().recent, state: 'ready', items } });
      } catch {
        if (get().recent.state === 'loading') set({ recent: { ...get().recent, state: 'error' } });
      }
    };

    const stopPolling = () => {
      if (pollTimer !== null) clearInterval(pollTimer);
      pollTimer = null;
    };

    /** Copies when the user wants it, and says so. */
    const autoCopy = async (entry: HistoryEntry) => {
      if (get().settings?.autoCopy === false) {
        set({ status: t('popupStatusCreated') });
        return;
      }
      try {
        await deps.writeText(entry.shortUrl);
        set({ status: t('popupStatusCopied') });
      } catch {
        set({ status: t('popupStatusNotAutoCopied') });
      }
    };

    /** Shows a link that was just made (or found), copies it, and refreshes Recent links. */
    const showMade = async (entry: HistoryEntry, origin: ShownLink['origin']) => {
      set({ shown: { entry, origin }, queued: null, error: null, duplicate: null });
      await autoCopy(entry);
      if (origin === 'new') {
        // The worker stores the entry (unless history is off): ask rather than guess.
        set({ recent: { ...get().recent, items: [entry, ...get().recent.items.filter((e) => e.id !== entry.id)] } });
        void loadHistory();
      }
    };

    /** Looks at a queued job once. */
    const poll = async (jobId: string) => {
      if (polling || disposed) return;
      polling = true;
      try {
        const job: Job | null = await deps.ask('getJob', { jobId });
        if (get().queued?.jobId !== jobId) return; // something newer replaced it
        if (!job) {
          stopPolling();
          set({ queued: null, status: t('popupStatusQueueGone') });
          void loadHistory();
        } else if (job.state === 'done' && job.result) {
          stopPolling();
          await showMade(job.result, 'new');
        } else if (job.state === 'failed') {
          stopPolling();
          set({ queued: null, status: '', error: job.error ?? { kind: 'unreadable', message: t('popupQueuedFailed') } });
        }
      } catch {
        // The worker may be restarting: keep looking.
      } finally {
        polling = false;
      }
    };

    const startPolling = (jobId: string) => {
      stopPolling();
      if (disposed) return;
      pollTimer = setInterval(() => void poll(jobId), deps.pollMs);
    };

    const saveChoices = () => {
      const { domainId, campaignId } = get().form;
      void deps.ask('saveSettings', { lastDomainId: toId(domainId), lastCampaignId: toId(campaignId) }).catch(() => undefined);
    };

    return {
      tabUrl: null,
      connection: 'unknown',
      settings: null,
      domains: { state: 'loading', items: [] },
      campaigns: { state: 'loading', items: [] },
      account: { state: 'loading', value: null },
      form: { url: '', domainId: '', campaignId: '', customCode: '', urlEdited: false, choicesEdited: false },
      busy: false,
      shown: null,
      queued: null,
      error: null,
      duplicate: null,
      status: '',
      recent: { state: 'loading', items: [], query: '', confirmingId: null, deletingId: null, failure: null },

      /** Reads the tab and asks the worker for everything at once (each answer shows as it comes). */
      async init() {
        disposed = false;
        if (started) return;
        started = true;
        const tab = deps
          .activeTabUrl()
          .then((url) => {
            const s = get();
            set({ tabUrl: url, form: s.form.urlEdited ? s.form : { ...s.form, url: url ?? '' } });
          })
          .catch(() => undefined);
        const connection = deps
          .ask('getConnection')
          .then((c) => set({ connection: c.connected ? 'connected' : 'disconnected' }))
          .catch(() => undefined); // unknown: the form stays usable, failures will say why
        const settings = deps
          .ask('getSettings')
          .then((value) => {
            set({ settings: value });
            applyRemembered();
          })
          .catch(() => undefined);
        await Promise.all([tab, connection, settings, loadDomains(false), loadCampaigns(false), loadAccount(false), loadHistory()]);
      },

      /** Stops timers (the popup closes or unmounts). */
      dispose() {
        disposed = true;
        stopPolling();
        for (const t of timers) clearTimeout(t);
        timers.clear();
      },

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
            verdict.kind === 'invalid'
              ? verdict.message
              : verdict.kind === 'empty'
                ? t('popupEnterUrl')
                : t('popupCannotShortenAddress');
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
        stopPolling();
        set({ busy: true, error: null, duplicate: null, shown: null, queued: null, status: '' });
        try {
          const outcome = await deps.ask('shorten', {
            url: verdict.url,
            domainId,
            campaignId,
            ...(customCode ? { customCode } : {}),
          });
          if (outcome.status === 'done') {
            await showMade(outcome.entry, 'new');
          } else {
            set({ queued: { jobId: outcome.jobId, expectedAt: outcome.expectedAt }, status: queuedMessage(outcome.expectedAt) });
            startPolling(outcome.jobId);
          }
        } catch (e) {
          set({ error: asApiError(e) }); // the form keeps what the user typed
        } finally {
          set({ busy: false });
        }
      },

      /** Shows the earlier link instead of making a new one. */
      async useExisting() {
        const dup = get().duplicate;
        if (!dup) return;
        await showMade(dup, 'existing');
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
          await deps.writeText(text);
          set({ status: t('popupStatusCopied') });
        } catch {
          set({ status: t('popupStatusCopyFailed') });
        }
      },

      /** Shows a Recent links entry in the result panel (with its QR code). */
      showEntry(entry) {
        set({ shown: { entry, origin: 'history' }, duplicate: null, status: '' });
      },

      announce(message) {
        set({ status: message });
      },

      setQuery(query) {
        set({ recent: { ...get().recent, query } });
      },

      askDelete(id) {
        set({ recent: { ...get().recent, confirmingId: id, failure: null } });
      },

      cancelDelete() {
        set({ recent: { ...get().recent, confirmingId: null } });
      },

      /** Deletes the entry being confirmed, on the service too. */
      async confirmDelete() {
        const id = get().recent.confirmingId;
        if (!id) return;
        set({ recent: { ...get().recent, confirmingId: null, deletingId: id, failure: null } });
        try {
          const items = listOf<HistoryEntry>(await deps.ask('deleteHistoryEntry', { id, remote: true }));
          const shown = get().shown;
          set({ recent: { ...get().recent, items, deletingId: null }, status: t('popupStatusDeleted'), shown: shown?.entry.id === id ? null : shown });
        } catch (e) {
          set({ recent: { ...get().recent, deletingId: null, failure: { id, error: asApiError(e) } } });
        }
      },

      /** Removes an entry from Recent links only (when the service could not delete it). */
      async removeLocally(id) {
        try {
          const items = listOf<HistoryEntry>(await deps.ask('deleteHistoryEntry', { id, remote: false }));
          set({ recent: { ...get().recent, items, failure: null }, status: t('popupStatusRemoved') });
        } catch (e) {
          set({ recent: { ...get().recent, failure: { id, error: asApiError(e) } } });
        }
      },

      openOptions() {
        void deps.openOptions().catch(() => undefined);
      },
    };
  });
}
