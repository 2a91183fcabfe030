/**
 * The popup's state: a zustand store fed only by messages to the worker (`ask`), never
 * holding the API key and never calling fetch. Components read it and call its actions.
 * It is made of slices: loading what the form needs (popupLoaders), Recent links (popupRecent)
 * and the form (popupForm) act at once; what is asked after the first render (popupInit: the
 * worker's answers; popupWaiting: links made outside this popup's submit) and what asks the
 * worker when the user acts (Shorten, following a queued link, deleting from Recent links:
 * popupTasks) is loaded then. Slices reach each other only through the store's own actions.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ToldItem } from '@/lib/storage/names';
import type { Account, Campaign, Channel, Domain, SerializedApiError } from '@/lib/api';
import type { CopyFormat } from '@/lib/links/copyFormat';
import type { AccountLinkRules } from '@/lib/links/linkRules';
import type { MissingPart } from '@/lib/links/ruleChoices';
import type { UtmField } from '@/lib/links/utm';
import type { FirstReads } from './firstReads';
import type { AccountChoice } from '@/lib/ui/accountChoice';
import type { HistoryEntry, Settings, UnsentLink } from '@/lib/storage';
import type { WaitingLink } from '@/lib/messaging/waitingLinks';
import { createTimers, deferred, type LoadState, type Loaded, type StoreTimers } from '@/lib/ui/store';
import { loadersSlice } from './loaders';
import { formSlice } from './form';
export type { LoadState, Loaded } from '@/lib/ui/store';

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

export interface RecentLinks {
  state: LoadState;
  items: HistoryEntry[];
  partial?: boolean; // only the newest links, from the stored head (recentHead.ts): the whole list is to come
  query: string;
  /** The entry whose inline "Delete this link on the service?" is open. */
  confirmingId: string | null;
  /** Where that question is asked: under the entry in the list, or under the result ("Delete link"). */
  confirmingIn: 'list' | 'result';
  deletingId: string | null;
  /** A failed delete, shown under its entry. */
  failure: { id: string; error: SerializedApiError } | null;
}

/** The site rule in force for the page: what it names (null: not named) and what of it no longer exists. */
export interface PopupRule {
  site: string;
  org?: boolean; // org: the organisation's rule (its policy's)
  domainId: number | null;
  campaignId: number | null;
  channelId: number | null;
  missing: MissingPart[];
}

/** The UTM disclosure: its values, the preset chosen, and the address they were added to. */
export interface PopupUtm {
  open: boolean;
  values: Record<UtmField, string>;
  /** '' = no preset. */
  presetId: string;
  /** The user changed a value or the preset: the rule and the campaign no longer choose them. */
  edited: boolean;
  /** The address before the UTM parameters (null: the Long URL as it is). */
  base: string | null;
  /** The address's own utm_* that the fields replace (the fields win: Long URL shows what they say). */
  replaced: string[];
  /** Adding them would pass the length limit: not added. */
  tooLong: boolean;
}

/** What the popup knows: the page, the connection, the lists, the form and what happened. */
export interface PopupData {
  /** The page's address as the browser gave it (null: unknown). */
  tabUrl: string | null;
  /** The page's title (for the copy formats); null when unknown or the URL was typed. */
  tabTitle: string | null;
  /** The popup's window is private: its links stay out of Recent links unless the user allows it. */
  incognito: boolean;
  /** Tracking parameters removed from the tab's URL ("Keep them" puts `original` back). */
  cleaned: { original: string; url: string; removed: string[] } | null;
  connection: 'unknown' | 'connected' | 'disconnected';
  settings: Settings | null;
  domains: Loaded<Domain[]>;
  campaigns: Loaded<Campaign[]>;
  channels: Loaded<Channel[]>;
  account: Loaded<Account | null>;
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
  recent: RecentLinks;
  /** Links not sent because the API key changed: named, to be made with the current account. */
  unsent: UnsentLink[];
  /** Stored items that could not be read and lost something (told once, after the first paint). */
  storageNotices: ToldItem[];
  /** "Copy as" beside Copy: starts as the preference "Copy format". */
  copyFormat: CopyFormat;
  /** The account's stored presets and rules as storage gave them (checked when the UTM code loads). */
  linkRulesRaw: unknown;
  /** The same, checked (null until then). */
  linkRules: AccountLinkRules | null;
  rule: PopupRule | null;
  utm: PopupUtm;
  /** The links waiting to be made (any account's; the popup lists the current one's), set after the first paint by waiting.ts as the worker tells of them. */
  waitingLinks?: WaitingLink[];
  /** The "Account" select (set after the first paint, from the snapshot already read) and its action, put here with it by init.ts. */
  accounts?: AccountChoice;
  switchAccount?: (fingerprint: string) => Promise<void>;
}

/** Loading what the form needs (popupLoaders). */
export interface LoaderActions {
  /** Reads the tab and what storage already answers, before the first render (once); `reads` when they were started already. */
  prime(reads?: FirstReads): Promise<void>;
  /** After the first paint: asks the worker for what storage did not answer (each answer shows as it comes). */
  init(): Promise<void>;
  /** Stops timers (the popup closes or unmounts). */
  dispose(): void;
}

/** Recent links, what happens at once (popupRecent). */
export interface RecentActions {
  /** Asks the worker for Recent links again. */
  loadHistory(): Promise<void>;
  showEntry(entry: HistoryEntry): Promise<void>;
  askDelete(id: string, where?: RecentLinks['confirmingIn']): Promise<void>;
  cancelDelete(): Promise<void>;
}

const RECENT_NAMES = ['loadHistory', 'showEntry', 'askDelete', 'cancelDelete'] as const satisfies readonly (keyof RecentActions)[];

/** Links made outside this popup's submit (popupWaiting, loaded on first use after the first render). */
export interface WaitingActions {
  /** Tells the worker that this popup shows (and copies) the job; closing the popup hands it back. */
  claim(jobId: string): Promise<void>;
  /** Tells the worker that this popup showed the job's link (its assignments still going): it is not told again. */
  markShown(jobId: string): Promise<void>;
  /** Tells the worker that this popup no longer follows its job (a newer press replaced it): the worker tells of it. */
  release(): Promise<void>;
  /** Finds the links still being made for this account (follows the newest) and the unsent ones. */
  loadWaiting(): Promise<void>;
  /** Forgets the unsent links. */
  dismissUnsent(): Promise<void>;
}

/** What asks the worker when the user acts, loaded after the first render (popupTasks). */
export interface TaskActions {
  confirmDelete(): Promise<void>;
  removeLocally(id: string): Promise<void>;
  submit(opts?: { force?: boolean }): Promise<void>;
  reuseExisting(): Promise<void>;
  createAnyway(): Promise<void>;
  /** Shows a link being made as waiting and follows it until it is made (popupWaitingTasks); `fingerprint`: its account (default: the current one). */
  followJob(jobId: string, status: string, expectedAt: number, fingerprint?: string): Promise<void>;
  /** Makes the unsent links with the current account, with the Domain and Campaign chosen. */
  remakeUnsent(): Promise<void>;
  /** Cancels a link that waits (not sent yet; default the followed one): it is not made. */
  cancelQueued(jobId?: string): Promise<void>;
}

const TASK_NAMES = [
  'confirmDelete',
  'removeLocally',
  'submit',
  'reuseExisting',
  'createAnyway',
  'followJob',
  'remakeUnsent',
  'cancelQueued',
] as const satisfies readonly (keyof TaskActions)[];
// The links made outside this popup's submit: asked for after the first render, so loaded then.
const WAITING_NAMES = [
  'claim',
  'markShown',
  'release',
  'loadWaiting',
  'dismissUnsent',
] as const satisfies readonly (keyof WaitingActions)[];

/** Site rules and UTM parameters (popupUtm, loaded when there are rules or presets, or the disclosure opens). */
export interface UtmActions {
  /** Checks the stored presets and rules and applies the rule matching the page (its choices and preset). */
  applyRules(): Promise<void>;
  /** Adds the UTM values to the Long URL again (after the cleaning, "Keep them", a change). */
  refreshUtm(): Promise<void>;
  setUtmField(field: UtmField, value: string): Promise<void>;
  setUtmPreset(presetId: string): Promise<void>;
  /** The campaign changed: its default preset applies unless the user or a rule chose one. */
  followCampaign(): Promise<void>;
}

const UTM_NAMES = [
  'applyRules',
  'refreshUtm',
  'setUtmField',
  'setUtmPreset',
  'followCampaign',
] as const satisfies readonly (keyof UtmActions)[];

/** The form, what its first screen does (popupForm). */
export interface FormActions {
  setUrl(url: string): void;
  setDomain(id: string): void;
  setCampaign(id: string): void;
  setChannel(id: string): void;
  setCustomCode(code: string): void;
  /** The Recent links search. */
  setQuery(query: string): void;
  /** Opens or closes the UTM disclosure. */
  toggleUtm(): void;
}

/** What no first render needs (popupLater, loaded with popupInit after the first paint). */
export interface LaterActions {
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
}

const LATER_NAMES = [
  'applyRemembered',
  'applyCleaning',
  'keepParams',
  'setCopyFormat',
  'copyLink',
  'dismissDuplicate',
  'copy',
  'announce',
  'openOptions',
  'openBulk',
] as const satisfies readonly (keyof LaterActions)[];

export type PopupState = PopupData & LoaderActions & RecentActions & FormActions & LaterActions & TaskActions & WaitingActions & UtmActions;
export type PopupStore = StoreApi<PopupState>;

/** What every slice is given: the store's set/get and its timers. */
export interface SliceKit {
  set: PopupStore['setState'];
  get: () => PopupState;
  timers: StoreTimers;
}

/** The popup before any answer: every list loading, an empty form. */
function initialData(): PopupData {
  return {
    tabUrl: null,
    tabTitle: null,
    incognito: false,
    cleaned: null,
    connection: 'unknown',
    settings: null,
    domains: { state: 'loading', value: [] },
    campaigns: { state: 'loading', value: [] },
    channels: { state: 'loading', value: [] },
    account: { state: 'loading', value: null },
    form: { url: '', domainId: '', campaignId: '', channelId: '', customCode: '', urlEdited: false, choicesEdited: false },
    busy: false,
    shown: null,
    queued: null,
    error: null,
    duplicate: null,
    status: '',
    unsent: [],
    storageNotices: [],
    recent: { state: 'loading', items: [], query: '', confirmingId: null, confirmingIn: 'list', deletingId: null, failure: null },
    copyFormat: 'link',
    linkRulesRaw: null,
    linkRules: null,
    rule: null,
    utm: {
      open: false,
      values: { source: '', medium: '', campaign: '', term: '', content: '' },
      presetId: '',
      edited: false,
      base: null,
      replaced: [],
      tooLong: false,
    },
  };
}

/** Creates one popup's store (one per opened popup; tests make a fresh one per render). */
export function createPopupStore(): PopupStore {
  const timers = createTimers();
  return createStore<PopupState>()((set, get) => {
    const kit: SliceKit = { set, get, timers };
    return {
      ...initialData(),
      ...loadersSlice(kit),
      ...deferred(() => import('./init').then((m) => m.recentSlice(kit)), RECENT_NAMES),
      ...formSlice(kit),
      ...deferred(() => import('./init').then((m) => m.laterSlice(kit)), LATER_NAMES),
      ...deferred(() => import('./waiting').then((m) => m.waitingSlice(kit)), WAITING_NAMES),
      ...deferred(() => import('./tasks').then((m) => m.createTasks(kit)), TASK_NAMES),
      ...deferred(() => import('./utm').then((m) => m.utmSlice(kit)), UTM_NAMES),
    };
  });
}
