/**
 * The bulk page's state and the actions of its slices (loaders.ts, form.ts, run.ts), declared
 * apart from the store that composes them (store.ts): each slice names the state it is given
 * without importing the store.
 */
import type { Campaign, Channel, Domain } from '@/lib/api';
import type { Settings } from '@/lib/storage';
import type { BulkView } from '@/lib/messaging';
import type { ToldItem } from '@/lib/storage/names';
import type { BulkCopyFormat } from '@/lib/bulk/formats';
import type { Skipped, Trimmed } from '@/lib/bulk/extract';
import type { BatchAddress } from '@/lib/bulk/prepare';
import type { Loaded, SliceKit } from '@/lib/ui/store';
import type { AccountChoice } from '@/lib/ui/accountChoice';

export interface BulkForm {
  /** The pasted text of the field "Addresses". */
  text: string;
  /** '' = the service's default domain / none; else the id as text (select values). */
  domainId: string;
  campaignId: string;
  channelId: string;
  /** "Make new links even if one exists". */
  makeNew: boolean;
  /** The user picked a choice: remembered choices must not overwrite it. */
  choicesEdited: boolean;
}

/** What the pasted text gives: the addresses to shorten, repeats dropped, lines skipped, addresses trimmed. */
export interface BulkPreview {
  addresses: BatchAddress[];
  repeats: number;
  skipped: Skipped[];
  trimmed: Trimmed[];
}

/** What the page knows: the window it was opened for, the lists, the form and what it said. */
export interface BulkData {
  /** The window whose tabs "Use this window's tabs" reads (bulk.html?window=<id>), null: this one. */
  windowId: number | null;
  /** Whether that window is private: its batch is marked private, kept in memory only, never in Recent links. */
  privacy: Promise<boolean>;
  /** The same, once known (the page says so). */
  privateWindow: boolean;
  connection: 'unknown' | 'connected' | 'disconnected';
  settings: Settings | null;
  domains: Loaded<Domain[]>;
  campaigns: Loaded<Campaign[]>;
  channels: Loaded<Channel[]>;
  form: BulkForm;
  preview: BulkPreview;
  /** Page titles of addresses taken from tabs (Markdown results). */
  titles: Record<string, string>;
  /** The stored batch as the worker last told it (null: none). */
  view: BulkView | null;
  /** "Shorten all" was pressed and the worker has not answered yet. */
  starting: boolean;
  /** The Addresses text the shown batch was started with ("New batch" empties the field only if it is still that). */
  batchText: string | null;
  copyFormat: BulkCopyFormat;
  /** A refusal shown with role alert (too many addresses, tabs not allowed…). */
  alert: string;
  /** The polite status line. */
  status: string;
  /** Stored items that could not be read and lost something (told once, at the top of the page). */
  storageNotices: ToldItem[];
  /** The select "Account": the saved connections and the current one. */
  accounts: AccountChoice;
}

/** Loading what the choices need (bulkLoaders). */
export interface BulkLoaderActions {
  /** Asks the worker for the connection, preferences and lists (each shown as it comes). */
  init(): Promise<void>;
  /** Stops timers (the page closes or unmounts). */
  dispose(): void;
  /** Applies the remembered Domain/Campaign/Channel until the user picks one. */
  applyRemembered(): void;
  /** "Account": makes another saved connection the current one and loads its lists and choices (refused while a batch runs). */
  switchAccount(fingerprint: string): Promise<void>;
  /** Another window switched accounts (a start was refused for it): shows the current account. */
  followCurrentAccount(): Promise<void>;
}

/** The form (bulkForm). */
export interface BulkFormActions {
  setText(text: string): void;
  setDomain(id: string): void;
  setCampaign(id: string): void;
  setChannel(id: string): void;
  setMakeNew(on: boolean): void;
  /** Adds the web addresses of the window's tabs; asks for the `tabs` permission on this click. */
  takeWindowTabs(): Promise<void>;
  openOptions(): void;
}

/** The run and its results (bulkRun). */
export interface BulkRunActions {
  /** Asks the worker where the stored batch stands. */
  refresh(): Promise<void>;
  /** "Shorten all": hands the batch to the worker (refused before sending when empty or over 500). */
  start(): Promise<void>;
  cancel(): Promise<void>;
  retry(index: number): Promise<void>;
  /** Forgets the finished batch to start another (the field emptied unless edited since); false when it could not. */
  newBatch(): Promise<boolean>;
  setCopyFormat(format: BulkCopyFormat): void;
  copyAll(): Promise<void>;
  downloadCsv(): void;
}

export type BulkState = BulkData & BulkLoaderActions & BulkFormActions & BulkRunActions;

/** What every slice is given: the store's set/get and its timers. */
export type BulkKit = SliceKit<BulkState>;
