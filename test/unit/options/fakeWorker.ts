/**
 * A fake worker for the options page's component tests: `ask` answers from in-memory data
 * the way lib/messaging.ts promises (a value, or a thrown SerializedApiError), and records
 * every message. Tests mock '@/lib/messaging' with vi.mock and plug `worker.ask` in.
 */
import type { Account, Campaign, Channel, ChannelItem, Domain, ListName, Overlay, Pixel, Qr, QrDetail, SerializedApiError, Splash } from '@/lib/api';
import type { ConnectionInfo, Mutation } from '@/lib/messaging';
import type { Settings } from '@/lib/storage';

export const ACCOUNT: Account = {
  id: 1,
  email: 'demo@example.com',
  username: 'demo',
  avatar: 'https://cdn.example.com/a.png',
  status: 'pro',
  expires: '2030-01-01 00:00:00',
  registered: '2024-02-03 10:00:00',
};

import { DEFAULT_SETTINGS } from '@/lib/storage';
import type { AccountLinkRules } from '@/lib/links/linkRules';

export const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  defaultDomainId: null,
  defaultCampaignId: null,
  autoCopy: true,
  keepHistory: true,
  lastDomainId: null,
  lastCampaignId: null,
};

export interface Call {
  type: string;
  data: unknown;
}

type Lists = {
  channels: Channel[];
  pixels: Pixel[];
  domains: Domain[];
  campaigns: Campaign[];
  qrs: Qr[];
  overlays: Overlay[];
  splash: Splash[];
};

export function fail(kind: SerializedApiError['kind'], message: string, extra: Partial<SerializedApiError> = {}): SerializedApiError {
  return { kind, message, ...extra };
}

/** The fake worker; tweak its fields (or `override`) per test. */
export class FakeWorker {
  connection: ConnectionInfo = { connected: true, serviceUrl: 'http://127.0.0.1:8787', keyHint: 'abcd' };
  account: Account = { ...ACCOUNT };
  settings: Settings = { ...SETTINGS };
  lists: Lists = { channels: [], pixels: [], domains: [], campaigns: [], qrs: [], overlays: [], splash: [] };
  channelItems: Record<number, ChannelItem[]> = {};
  qrDetails: Record<number, QrDetail> = {};
  linkRules: AccountLinkRules = { presets: [], rules: [], campaignPresets: {} };
  calls: Call[] = [];
  /** Per message: a function answering instead of the default (throw a SerializedApiError to fail). */
  override: Record<string, (data: unknown) => unknown> = {};
  private nextId = 1000;

  disconnected(): this {
    this.connection = { connected: false, serviceUrl: null, keyHint: null };
    return this;
  }

  /** Messages of one type, in order. */
  sent(type: string): unknown[] {
    return this.calls.filter((c) => c.type === type).map((c) => c.data);
  }

  /** The mutations sent, as {op, args}. */
  mutations(): Mutation[] {
    return this.sent('mutate') as Mutation[];
  }

  ask = async (type: string, data?: unknown): Promise<unknown> => {
    this.calls.push({ type, data });
    await Promise.resolve();
    const o = this.override[type];
    if (o) return o(data);
    return this.answer(type, data);
  };

  private answer(type: string, data: unknown): unknown {
    const d = data as Record<string, unknown> | undefined;
    switch (type) {
      case 'getConnection':
        return this.connection;
      case 'saveConnection': {
        const { serviceUrl, apiKey } = d as { serviceUrl: string; apiKey?: string };
        if (apiKey === 'bad-key') throw fail('bad-key', 'Invalid API key.', { status: 401 });
        this.connection = { connected: true, serviceUrl, keyHint: (apiKey ?? 'abcd').slice(-4) };
        return { connection: this.connection, account: this.account };
      }
      case 'forgetKey':
        this.connection = { connected: false, serviceUrl: this.connection.serviceUrl, keyHint: null };
        return this.connection;
      case 'getAccount':
        return { value: this.account, fetchedAt: 1_700_000_000_000, stale: false };
      case 'getList': {
        const name = d!.name as ListName;
        return { value: [...this.lists[name]], fetchedAt: 1_700_000_000_000, stale: false };
      }
      case 'getChannelItems':
        return this.channelItems[d!.channelId as number] ?? [];
      case 'getQr': {
        const detail = this.qrDetails[d!.id as number];
        if (!detail) throw fail('not-found', 'QR code not found');
        return detail;
      }
      case 'mutate':
        return this.mutate(data as Mutation);
      case 'getSettings':
        return this.settings;
      case 'saveSettings':
        this.settings = { ...this.settings, ...(data as Partial<Settings>) };
        return this.settings;
      case 'getLinkRules':
        return this.linkRules;
      case 'saveLinkRules':
        this.linkRules = { ...this.linkRules, ...(data as Partial<AccountLinkRules>) };
        return this.linkRules;
      case 'clearHistory':
        return [];
      case 'clearCache':
        return true;
      default:
        throw fail('invalid-input', `unknown message ${type}`);
    }
  }

  private mutate(m: Mutation): unknown {
    const L = this.lists;
    switch (m.op) {
      case 'addChannel': {
        const [a] = m.args;
        const c: Channel = { id: this.nextId++, name: a.name, description: a.description ?? '', color: a.color ?? '', starred: !!a.starred };
        L.channels.push(c);
        return c;
      }
      case 'updateChannel': {
        const [id, a] = m.args;
        L.channels = L.channels.map((c) => (c.id === id ? { ...c, ...a } as Channel : c));
        return { message: 'Channel updated' };
      }
      case 'deleteChannel':
        L.channels = L.channels.filter((c) => c.id !== m.args[0]);
        return { message: 'Channel deleted' };
      case 'assignChannelItem': {
        const [cid, type, itemId] = m.args;
        (this.channelItems[cid] ??= []).push({ type, id: itemId, title: `Item ${itemId}`, preview: null, link: null, date: '2025-01-01' });
        return { message: 'assigned' };
      }
      case 'addPixel': {
        const [a] = m.args;
        L.pixels.push({ id: this.nextId++, type: a.type, name: a.name, tag: a.tag, date: '2025-01-01 00:00:00' });
        return { id: this.nextId };
      }
      case 'updatePixel':
        L.pixels = L.pixels.map((p) => (p.id === m.args[0] ? { ...p, ...m.args[1] } as Pixel : p));
        return { message: 'ok' };
      case 'deletePixel':
        L.pixels = L.pixels.filter((p) => p.id !== m.args[0]);
        return { message: 'ok' };
      case 'addDomain': {
        const [a] = m.args;
        L.domains.push({ id: this.nextId++, domain: a.domain, redirectroot: a.redirectroot ?? '', redirect404: a.redirect404 ?? '' });
        return { id: this.nextId };
      }
      case 'updateDomain':
        L.domains = L.domains.map((x) => (x.id === m.args[0] ? { ...x, ...m.args[1] } as Domain : x));
        return { message: 'ok' };
      case 'deleteDomain':
        L.domains = L.domains.filter((x) => x.id !== m.args[0]);
        return { message: 'ok' };
      case 'addCampaign': {
        const [a] = m.args;
        const c: Campaign = { id: this.nextId++, name: a.name ?? '', public: !!a.public, rotator: null, list: null };
        L.campaigns.push(c);
        return c;
      }
      case 'updateCampaign':
        L.campaigns = L.campaigns.map((c) => (c.id === m.args[0] ? { ...c, name: m.args[1].name, public: !!m.args[1].public } : c));
        return L.campaigns.find((c) => c.id === m.args[0]);
      case 'deleteCampaign':
        L.campaigns = L.campaigns.filter((c) => c.id !== m.args[0]);
        return { message: 'ok' };
      case 'addQr': {
        const id = this.nextId++;
        L.qrs.push({ id, link: `https://sho.rt/qr/${id}`, scans: 0, name: '', date: '2025-01-01 00:00:00' });
        return { id, link: `https://sho.rt/qr/${id}` };
      }
      case 'updateQr':
        return { message: 'ok' };
      case 'deleteQr':
        L.qrs = L.qrs.filter((q) => q.id !== m.args[0]);
        return { message: 'ok' };
      case 'updateAccount':
        if (m.args[0].email) this.account = { ...this.account, email: m.args[0].email };
        return { message: 'Account updated' };
      default:
        throw fail('invalid-input', `op ${m.op} not faked`);
    }
  }
}

/** `n` channels named "Channel 1" … (as a worker that fetched every page returns them). */
export function manyChannels(n: number): Channel[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Channel ${i + 1}`,
    description: `Description ${i + 1}`,
    color: '#1A2B3C',
    starred: i % 10 === 0,
  }));
}
