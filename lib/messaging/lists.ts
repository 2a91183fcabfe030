/** What crosses the messaging boundary for the account's lists: cached values and the changes a page asks for. */
import type { ApiClient, Campaign, Channel, Domain, Overlay, Pixel, Qr, Splash } from '@/lib/api';

/** The items of each list, by list name. */
export interface ListItems {
  domains: Domain;
  campaigns: Campaign;
  channels: Channel;
  pixels: Pixel;
  qrs: Qr;
  overlays: Overlay;
  splash: Splash;
}

/** A value served from the cache: `stale` means a refresh is under way in the background. */
export interface Cached<T> {
  value: T;
  fetchedAt: number;
  stale: boolean;
}

/** The client methods a page may ask the worker to run as a mutation. */
export type MutationName =
  | 'updateAccount'
  | 'addDomain'
  | 'updateDomain'
  | 'deleteDomain'
  | 'addCampaign'
  | 'updateCampaign'
  | 'deleteCampaign'
  | 'assignCampaignLink'
  | 'addChannel'
  | 'updateChannel'
  | 'deleteChannel'
  | 'assignChannelItem'
  | 'addPixel'
  | 'updatePixel'
  | 'deletePixel'
  | 'addQr'
  | 'updateQr'
  | 'deleteQr';

/** One mutation: the client method and its arguments, typed from the client itself. */
export type MutationOf<K extends MutationName> = { op: K; args: Parameters<ApiClient[K]> };
/** Any mutation. */
export type Mutation = { [K in MutationName]: MutationOf<K> }[MutationName];
/** What a mutation answers: the client method's own answer (the item made or changed). */
export type MutationAnswer<K extends MutationName> = Awaited<ReturnType<ApiClient[K]>>;
