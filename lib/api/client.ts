/**
 * The typed client of the whole interface: one method per endpoint (30).
 * It runs anywhere (worker, Node tests): base URL, key and fetch are inputs.
 */
import type * as z from 'zod/mini';
import { send, type ClientConfig, type RequestSpec } from './http';
import * as S from './schemas';
import * as I from './inputs';
import { checkInput } from './inputs';
import type { ChannelItemType } from './constants';

type Paging = I.Paging;
const pagingQuery = (p: Paging) => {
  const checked = checkInput(I.PagingInput, p, 'paging');
  return { limit: checked?.limit, page: checked?.page };
};
const idArg = (value: number, field: string) => checkInput(I.idInput, value, field);

/** The client; create one per service URL and key. */
export type ApiClient = ReturnType<typeof createApiClient>;

/** Creates the client of the interface for one service and key. */
export function createApiClient(cfg: ClientConfig) {
  const call = <T extends z.ZodMiniType>(spec: Omit<RequestSpec, 'group'> & { group?: RequestSpec['group'] }, schema: T) =>
    send(cfg, { group: 'main', ...spec }, schema);
  const list =
    <T extends z.ZodMiniType>(path: string, arrayName: string, item: T) =>
    (paging?: Paging) =>
      call({ method: 'GET', path, query: pagingQuery(paging) }, S.listPageSchema(arrayName, item)) as Promise<S.ListPage<z.output<T>>>;

  return rejectingInsteadOfThrowing({
    config: cfg,

    // ---- account ----
    /** GET /api/account */
    getAccount: () => call({ method: 'GET', path: '/api/account' }, S.AccountResponse),
    /** PUT /api/account/update */
    updateAccount: (args: { email?: string; password?: string }) =>
      call({ method: 'PUT', path: '/api/account/update', body: checkInput(I.AccountUpdateInput, args) }, S.MessageResponse),

    // ---- branded domains ----
    /** GET /api/domains */
    listDomains: list('/api/domains', 'domains', S.DomainSchema),
    /** POST /api/domain/add */
    addDomain: (args: I.DomainAddArgs) =>
      call({ method: 'POST', path: '/api/domain/add', body: checkInput(I.DomainAddInput, args) }, S.IdResponse),
    /** PUT /api/domain/:id/update */
    updateDomain: (id: number, args: I.DomainUpdateArgs) =>
      call(
        { method: 'PUT', path: `/api/domain/${idArg(id, 'id')}/update`, body: checkInput(I.DomainUpdateInput, args) },
        S.MessageResponse,
      ),
    /** DELETE /api/domain/:id/delete */
    deleteDomain: (id: number) => call({ method: 'DELETE', path: `/api/domain/${idArg(id, 'id')}/delete` }, S.MessageResponse),

    // ---- CTA overlays ----
    /** GET /api/overlay */
    listOverlays: list('/api/overlay', 'cta', S.OverlaySchema),

    // ---- campaigns ----
    /** GET /api/campaigns */
    listCampaigns: list('/api/campaigns', 'campaigns', S.CampaignSchema),
    /** POST /api/campaign/add */
    addCampaign: (args: I.CampaignAddArgs) =>
      call({ method: 'POST', path: '/api/campaign/add', body: checkInput(I.CampaignAddInput, args) }, S.CampaignResponse),
    /** POST /api/campaign/:campaignid/assign/:linkid */
    assignCampaignLink: (campaignId: number, linkId: number) =>
      call(
        { method: 'POST', path: `/api/campaign/${idArg(campaignId, 'campaignId')}/assign/${idArg(linkId, 'linkId')}` },
        S.MessageResponse,
      ),
    /** PUT /api/campaign/:id/update */
    updateCampaign: (id: number, args: I.CampaignUpdateArgs) =>
      call(
        { method: 'PUT', path: `/api/campaign/${idArg(id, 'id')}/update`, body: checkInput(I.CampaignUpdateInput, args) },
        S.CampaignResponse,
      ),
    /** DELETE /api/campaign/:id/delete */
    deleteCampaign: (id: number) => call({ method: 'DELETE', path: `/api/campaign/${idArg(id, 'id')}/delete` }, S.MessageResponse),

    // ---- channels ----
    /** GET /api/channels */
    listChannels: list('/api/channels', 'channels', S.ChannelSchema),
    /** GET /api/channel/:id — the items of one channel */
    listChannelItems: (channelId: number, paging?: Paging) =>
      list(`/api/channel/${idArg(channelId, 'channelId')}`, 'items', S.ChannelItemSchema)(paging),
    /** POST /api/channel/add */
    addChannel: (args: I.ChannelAddArgs) =>
      call({ method: 'POST', path: '/api/channel/add', body: checkInput(I.ChannelAddInput, args) }, S.ChannelAddResponse),
    /** POST /api/channel/:channelid/assign/:type/:itemid */
    assignChannelItem: (channelId: number, type: ChannelItemType, itemId: number) =>
      call(
        {
          method: 'POST',
          path: `/api/channel/${idArg(channelId, 'channelId')}/assign/${checkInput(I.channelItemTypeInput, type, 'type')}/${idArg(itemId, 'itemId')}`,
        },
        S.MessageResponse,
      ),
    /** PUT /api/channel/:id/update */
    updateChannel: (id: number, args: I.ChannelUpdateArgs) =>
      call(
        { method: 'PUT', path: `/api/channel/${idArg(id, 'id')}/update`, body: checkInput(I.ChannelUpdateInput, args) },
        S.MessageResponse,
      ),
    /** DELETE /api/channel/:id/delete — its items are unassigned too */
    deleteChannel: (id: number) => call({ method: 'DELETE', path: `/api/channel/${idArg(id, 'id')}/delete` }, S.MessageResponse),

    // ---- splash pages ----
    /** GET /api/splash */
    listSplash: list('/api/splash', 'splash', S.SplashSchema),

    // ---- pixels ----
    /** GET /api/pixels */
    listPixels: list('/api/pixels', 'pixels', S.PixelSchema),
    /** POST /api/pixel/add */
    addPixel: (args: { type: string; name: string; tag: string }) =>
      call({ method: 'POST', path: '/api/pixel/add', body: checkInput(I.PixelAddInput, args) }, S.IdResponse),
    /** PUT /api/pixel/:id/update */
    updatePixel: (id: number, args: { name?: string; tag: string }) =>
      call({ method: 'PUT', path: `/api/pixel/${idArg(id, 'id')}/update`, body: checkInput(I.PixelUpdateInput, args) }, S.MessageResponse),
    /** DELETE /api/pixel/:id/delete */
    deletePixel: (id: number) => call({ method: 'DELETE', path: `/api/pixel/${idArg(id, 'id')}/delete` }, S.MessageResponse),

    // ---- QR codes ----
    /** GET /api/qr */
    listQrs: list('/api/qr', 'qrs', S.QrSchema),
    /** GET /api/qr/:id — one QR code with its statistics */
    getQr: (id: number) => call({ method: 'GET', path: `/api/qr/${idArg(id, 'id')}` }, S.QrDetailResponse),
    /** POST /api/qr/add */
    addQr: (args: I.QrAddArgs) => call({ method: 'POST', path: '/api/qr/add', body: checkInput(I.QrAddInput, args) }, S.QrAddResponse),
    /** PUT /api/qr/:id/update */
    updateQr: (id: number, args: I.QrAddArgs) =>
      call({ method: 'PUT', path: `/api/qr/${idArg(id, 'id')}/update`, body: checkInput(I.QrAddInput, args) }, S.MessageResponse),
    /** DELETE /api/qr/:id/delete */
    deleteQr: (id: number) => call({ method: 'DELETE', path: `/api/qr/${idArg(id, 'id')}/delete` }, S.MessageResponse),

    // ---- shortening group ----
    /** POST /api/shorten (X-API-KEY, `success` envelope) */
    shorten: (args: I.ShortenArgs) =>
      call({ method: 'POST', path: '/api/shorten', body: checkInput(I.ShortenInput, args), group: 'shorten' }, S.ShortenResponse),
    /** DELETE /api/delete-link */
    deleteLink: (linkId: number) =>
      call(
        { method: 'DELETE', path: '/api/delete-link', body: { link_id: idArg(linkId, 'link_id') }, group: 'shorten' },
        S.SuccessMessageResponse,
      ),
  });
}

/** Makes every method report bad input as a rejected promise, like every other failure. */
function rejectingInsteadOfThrowing<T extends Record<string, unknown>>(methods: T): T {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(methods)) {
    out[name] =
      typeof value === 'function'
        ? (...args: unknown[]) => {
            try {
              return (value as (...a: unknown[]) => unknown)(...args);
            } catch (e) {
              return Promise.reject(e);
            }
          }
        : value;
  }
  return out as T;
}

/** The list methods of the client, by the name of the resource they list. */
export const LIST_METHODS = {
  domains: 'listDomains',
  overlays: 'listOverlays',
  campaigns: 'listCampaigns',
  channels: 'listChannels',
  splash: 'listSplash',
  pixels: 'listPixels',
  qrs: 'listQrs',
} as const;
export type ListName = keyof typeof LIST_METHODS;
