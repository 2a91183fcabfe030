/**
 * Every method of the API client (30), each called with valid arguments. Shared by the
 * hardening suites (fake fetch, and the sandbox over real HTTP). The `satisfies` makes the
 * list complete: a method added to the client without an entry here fails the typecheck.
 */
import type { ApiClient } from '@/lib/api';

export type Call = (api: ApiClient) => Promise<unknown>;

export const CALLS = {
  getAccount: (a) => a.getAccount(),
  updateAccount: (a) => a.updateAccount({ email: 'me@example.com' }),
  listDomains: (a) => a.listDomains(),
  addDomain: (a) => a.addDomain({ domain: 'https://go.example.com' }),
  updateDomain: (a) => a.updateDomain(1, { redirectroot: 'https://example.com/' }),
  deleteDomain: (a) => a.deleteDomain(1),
  listOverlays: (a) => a.listOverlays(),
  listCampaigns: (a) => a.listCampaigns({ limit: 10, page: 1 }),
  addCampaign: (a) => a.addCampaign({ name: 'Spring', slug: 'spring', public: true }),
  assignCampaignLink: (a) => a.assignCampaignLink(1, 2),
  updateCampaign: (a) => a.updateCampaign(1, { name: 'Autumn' }),
  deleteCampaign: (a) => a.deleteCampaign(1),
  listChannels: (a) => a.listChannels(),
  listChannelItems: (a) => a.listChannelItems(1),
  addChannel: (a) => a.addChannel({ name: 'News', color: '#112233', starred: true }),
  assignChannelItem: (a) => a.assignChannelItem(1, 'links', 2),
  updateChannel: (a) => a.updateChannel(1, { starred: false }),
  deleteChannel: (a) => a.deleteChannel(1),
  listSplash: (a) => a.listSplash(),
  listPixels: (a) => a.listPixels(),
  addPixel: (a) => a.addPixel({ type: 'fbpixel', name: 'Facebook', tag: '1234567890' }),
  updatePixel: (a) => a.updatePixel(1, { tag: '987654321' }),
  deletePixel: (a) => a.deletePixel(1),
  listQrs: (a) => a.listQrs(),
  getQr: (a) => a.getQr(1),
  addQr: (a) => a.addQr({ type: 'link', data: 'https://example.com/menu' }),
  updateQr: (a) => a.updateQr(1, { type: 'text', data: 'Hello' }),
  deleteQr: (a) => a.deleteQr(1),
  shorten: (a) => a.shorten({ url: 'https://example.com/a/long/page' }),
  deleteLink: (a) => a.deleteLink(1),
} satisfies Record<Exclude<keyof ApiClient, 'config'>, Call>;

export type MethodName = keyof typeof CALLS;
export const METHOD_NAMES = Object.keys(CALLS) as MethodName[];
