/**
 * In-memory store of the sandbox: one `AccountData` per API key.
 *
 * Reading it from a test:
 *   const data = sandbox.state.forKey(sandbox.key); // throws for an unknown key
 *   data.account.status            // 'free' | 'pro' (the plan; change it to switch plans live)
 *   data.links                     // every link ever created, `deleted: true` once deleted
 *   data.links[0].campaign_id      // set by POST /api/campaign/:cid/assign/:linkid
 *   data.channelItems              // channel assignments { channel_id, type, item_id, date }
 *   data.domains / campaigns / channels / pixels / qrs (with `stats`) / overlays / splash / bios
 *   sandbox.state.find(key)        // same, or undefined
 *
 * Ids are integers taken from one counter per resource shared by all accounts (as on a real
 * server), so the demo account's "Channel 07 · …" has id 7. Records are the JSON the API
 * serves, plus a few sandbox-only members (`slug`, `nameKey`, `password`, `stats`, `extra`).
 * Every account has the bio pages 1..3 (the interface has no bio endpoints; channels can
 * hold them). A QR code whose `stats` is null is served with `data: []` (a real quirk).
 */

/** The 13 pixel types of the interface, in its order, spelt as real deployments accept them. */
export const PIXEL_TYPES = [
  'gtmpixel',
  'gapixel',
  'fbpixel',
  'adwordspixel',
  'linkedinpixel',
  'twitterpixel',
  'adrollpixel',
  'quorapixel',
  'pinterest',
  'bing',
  'snapchat',
  'reddit',
  'tiktok',
] as const;
export type PixelType = (typeof PIXEL_TYPES)[number];

/** The 7 QR code types. */
export const QR_TYPES = ['text', 'vcard', 'link', 'email', 'phone', 'sms', 'wifi'] as const;
export type QrType = (typeof QR_TYPES)[number];

/** The item types a channel holds. */
export const CHANNEL_ITEM_TYPES = ['links', 'bio', 'qr'] as const;
export type ChannelItemType = (typeof CHANNEL_ITEM_TYPES)[number];

export type Plan = 'free' | 'pro';
/** Members the interface document does not list, served alongside the record's own. */
export type Extra = Record<string, unknown>;

export interface AccountRecord {
  id: number;
  email: string;
  username: string;
  avatar: string;
  status: Plan;
  expires: string;
  registered: string;
  password: string;
  extra?: Extra;
}
export interface DomainRecord {
  id: number | null; // null: a shared domain (cannot be used as domain_id)
  domain: string;
  redirectroot: string;
  redirect404: string;
  extra?: Extra;
}
export interface CampaignRecord {
  id: number;
  name: string;
  slug: string | null; // rotator slug; null → rotator false
  public: boolean;
  nameKey: 'name' | 'domain'; // key carrying the name in the list response (real quirk)
  extra?: Extra;
}
export interface ChannelRecord {
  id: number;
  name: string;
  description: string;
  color: string;
  starred: boolean;
  extra?: Extra;
}
export interface ChannelItemRecord {
  channel_id: number;
  type: ChannelItemType;
  item_id: number;
  date: string; // YYYY-MM-DD
}
export interface PixelRecord {
  id: number;
  type: string; // one of PIXEL_TYPES, or an unknown type in the demo seed
  name: string;
  tag: string;
  date: string;
  extra?: Extra;
}
export interface QrStats {
  clicks: number;
  uniqueClicks: number;
  topCountries: Record<string, string>;
  topReferrers: Record<string, string>;
  topBrowsers: Record<string, string>;
  topOs: Record<string, string>;
  socialCount: { facebook: number; twitter: number; linkedin: number };
}
export type QrData = string | Record<string, string>;
export interface QrRecord {
  id: number;
  type: QrType;
  data: QrData;
  background: string; // rgb(r,g,b)
  foreground: string;
  logo: string | null;
  name: string;
  link: string;
  scans: number;
  date: string;
  stats: QrStats | null; // null → served as `data: []`
  extra?: Extra;
}
export interface OverlayRecord {
  id: number;
  type: string;
  name: string;
  date: string;
  extra?: Extra;
}
export interface SplashRecord {
  id: number;
  name: string;
  date: string;
  extra?: Extra;
}
export interface LinkRecord {
  id: number;
  url: string;
  short_code: string;
  short_url: string;
  domain_id: number | null;
  campaign_id: number | null;
  created: string;
  deleted: boolean;
}
export interface BioRecord {
  id: number;
  name: string;
  slug: string;
}

/** Everything one API key owns. */
export interface AccountData {
  key: string;
  account: AccountRecord;
  domains: DomainRecord[];
  campaigns: CampaignRecord[];
  channels: ChannelRecord[];
  channelItems: ChannelItemRecord[];
  pixels: PixelRecord[];
  qrs: QrRecord[];
  overlays: OverlayRecord[];
  splash: SplashRecord[];
  links: LinkRecord[];
  bios: BioRecord[];
}

type Counter = 'account' | 'domain' | 'campaign' | 'channel' | 'pixel' | 'qr' | 'overlay' | 'splash' | 'link';

/** The whole store: accounts by key, id counters and the short-code generator. */
export class SandboxState {
  private readonly byKey = new Map<string, AccountData>();
  private readonly counters: Record<Counter, number> = {
    account: 0,
    domain: 0,
    campaign: 0,
    channel: 0,
    pixel: 0,
    qr: 0,
    overlay: 0,
    splash: 0,
    link: 0,
  };
  private rand = mulberry32(20240115);

  /** `baseUrl` is the sandbox's own URL (short links, rotators, QR links point at it). */
  constructor(readonly baseUrl: string) {}

  /** The data of `key`; throws when no account has that key. */
  forKey(key: string): AccountData {
    const data = this.byKey.get(key);
    if (!data) throw new Error(`No sandbox account has the key ${JSON.stringify(key)}`);
    return data;
  }

  /** The data of `key`, or undefined. */
  find(key: string): AccountData | undefined {
    return this.byKey.get(key);
  }

  /** Revokes a key: from now on it is answered like a wrong one. */
  revokeKey(key: string): void {
    this.byKey.delete(key);
  }

  /** Another key of the account `key` opens (as a second browser's install would be given): the same data, another key. */
  shareAccount(key: string, other: string): void {
    if (this.byKey.has(other)) throw new Error(`Duplicate sandbox key ${JSON.stringify(other)}`);
    this.byKey.set(other, this.forKey(key));
  }

  /** Every API key known to the sandbox. */
  keys(): string[] {
    return [...this.byKey.keys()];
  }

  /** Creates an account with empty lists (and the fixed bio pages 1..3). */
  addAccount(key: string, plan: Plan): AccountData {
    if (this.byKey.has(key)) throw new Error(`Duplicate sandbox key ${JSON.stringify(key)}`);
    const id = this.nextId('account');
    const data: AccountData = {
      key,
      account: {
        id,
        email: id === 1 ? 'demo@example.com' : `user${id}@example.com`,
        username: id === 1 ? 'demo' : `user${id}`,
        avatar: `https://www.gravatar.com/avatar/${id - 1}`,
        status: plan,
        expires: '2027-12-31 23:59:59',
        registered: '2024-01-15 10:00:00',
        password: 'sandbox-password',
      },
      domains: [],
      campaigns: [],
      channels: [],
      channelItems: [],
      pixels: [],
      qrs: [],
      overlays: [],
      splash: [],
      links: [],
      bios: [1, 2, 3].map((n) => ({ id: n, name: `Bio ${n} · ${THEMES[n - 1]}`, slug: `bio-${id}-${n}` })),
    };
    this.byKey.set(key, data);
    return data;
  }

  /** Next id of a resource (ids are shared by all accounts). */
  nextId(kind: Counter): number {
    this.counters[kind] += 1;
    return this.counters[kind];
  }

  /** A fresh 6-character short code, unique among all links. */
  newShortCode(): string {
    const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    for (;;) {
      let code = '';
      for (let i = 0; i < 6; i++) code += alphabet[Math.floor(this.rand() * alphabet.length)];
      if (!this.findLinkByCode(code, true)) return code;
    }
  }

  /** The link with this short code in any account (deleted ones only with `includeDeleted`). */
  findLinkByCode(code: string, includeDeleted = false): LinkRecord | undefined {
    for (const data of this.byKey.values()) {
      const link = data.links.find((l) => l.short_code === code && (includeDeleted || !l.deleted));
      if (link) return link;
    }
    return undefined;
  }

  /** The campaign with this rotator slug in any account. */
  findCampaignBySlug(slug: string): { data: AccountData; campaign: CampaignRecord } | undefined {
    for (const data of this.byKey.values()) {
      const campaign = data.campaigns.find((c) => c.slug === slug);
      if (campaign) return { data, campaign };
    }
    return undefined;
  }

  /** Creates a link in `data` (short URL on `domain` if given, else on the sandbox). */
  addLink(data: AccountData, url: string, opts: { code?: string; domain?: DomainRecord; created?: string } = {}): LinkRecord {
    const code = opts.code ?? this.newShortCode();
    const host = (opts.domain?.domain ?? this.baseUrl).replace(/\/+$/, '');
    const link: LinkRecord = {
      id: this.nextId('link'),
      url,
      short_code: code,
      short_url: `${host}/${code}`,
      domain_id: opts.domain?.id ?? null,
      campaign_id: null,
      created: opts.created ?? timestamp(new Date()),
      deleted: false,
    };
    data.links.push(link);
    return link;
  }

  /** Rotator URL of a campaign: false without a slug. */
  rotatorOf(c: CampaignRecord): string | false {
    return c.slug ? `${this.baseUrl}/r/${encodeURIComponent(c.slug)}` : false;
  }

  /** List-page URL of a campaign. */
  listUrlOf(c: CampaignRecord): string {
    return `${this.baseUrl}/c/${c.id}`;
  }
}

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function timestamp(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** `YYYY-MM-DD` in UTC. */
export function dateOnly(d: Date): string {
  return d.toISOString().slice(0, 10);
}

const THEMES = [
  'Spring launch',
  'Summer sale',
  'Autumn newsletter',
  'Winter promo',
  'Product tour',
  'Partner program',
  'Webinar series',
  'Customer stories',
  'Holiday gifts',
  'Back to school',
  'Press kit',
  'Developer docs',
  'Community meetup',
  'Black Friday',
  'Brand refresh',
  'Podcast episodes',
  'Support center',
  'Careers page',
  'Investor update',
  'Beta invite',
] as const;

const COLORS = ['#E11D48', '#2563EB', '#16A34A', '#F59E0B', '#7C3AED', '#0891B2', '#DB2777', '#4B5563'] as const;

function theme(i: number): string {
  return THEMES[(i - 1) % THEMES.length]!;
}
function pad2(i: number): string {
  return String(i).padStart(2, '0');
}
function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
/** A deterministic seed timestamp, a bit over a day apart per index. */
function seedStamp(i: number): string {
  return timestamp(new Date(Date.UTC(2025, 0, 1, 9, 0, 0) + i * 86_400_000 + i * 37 * 60_000));
}

/** Small deterministic PRNG for short codes. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic QR statistics for seed index `i`. */
function seedStats(i: number): QrStats {
  const clicks = 10 + ((i * 37) % 400);
  return {
    clicks,
    uniqueClicks: Math.floor(clicks * 0.7),
    topCountries: { 'United States': String(Math.floor(clicks * 0.4)), Germany: String(Math.floor(clicks * 0.2)), France: String(i % 9) },
    topReferrers: { 'https://news.example.com': String(Math.floor(clicks * 0.3)), Direct: String(Math.floor(clicks * 0.5)) },
    topBrowsers: { Chrome: String(Math.floor(clicks * 0.6)), Firefox: String(Math.floor(clicks * 0.25)), Safari: String(i % 7) },
    topOs: { Android: String(Math.floor(clicks * 0.45)), iOS: String(Math.floor(clicks * 0.35)), Windows: String(i % 5) },
    socialCount: { facebook: i % 11, twitter: i % 6, linkedin: i % 4 },
  };
}

/** Deterministic QR content for seed index `i`, cycling through the 7 types. */
function seedQrContent(i: number): { type: QrType; data: QrData } {
  const type = QR_TYPES[(i - 1) % QR_TYPES.length]!;
  switch (type) {
    case 'text':
      return { type, data: `Hello from QR ${pad2(i)}` };
    case 'vcard':
      return { type, data: { name: `Contact ${pad2(i)}`, phone: '+1 555 0100', email: `contact${i}@example.com` } };
    case 'link':
      return { type, data: `https://example.org/qr/${i}` };
    case 'email':
      return { type, data: `hello${i}@example.com` };
    case 'phone':
      return { type, data: `+1 555 01${pad2(i)}` };
    case 'sms':
      return { type, data: { phone: `+1 555 02${pad2(i)}`, message: 'Hi there' } };
    case 'wifi':
      return { type, data: { ssid: `Cafe-${pad2(i)}`, password: 'coffee1234', encryption: 'WPA' } };
  }
}

/**
 * Fills `data` with the demo account's records: 5 domains + 1 shared (id null), 20 campaigns
 * (the 2nd listed with key `domain`), 40 channels, 33 pixels (the last of type `newnetwork`),
 * 35 QR codes (QR 03 has empty stats), 18 CTA overlays (the last of type `poll`), 17 splash
 * pages, 24 links, and channel assignments (Channel 01 holds 19 items, two pages).
 */
export function seedDemo(state: SandboxState, data: AccountData): void {
  data.account.extra = { extra: 'x' };

  const domainNames = [
    'https://go.example.com',
    'https://links.example.net',
    'http://short.example.org',
    'https://brand.example.io',
    'https://l.example.dev',
  ];
  domainNames.forEach((domain, n) => {
    data.domains.push({
      id: state.nextId('domain'),
      domain,
      redirectroot: `https://www.example.com/from/${n + 1}`,
      redirect404: `https://www.example.com/404/${n + 1}`,
      ...(n === 0 ? { extra: { extra: 'x' } } : {}),
    });
  });
  data.domains.push({ id: null, domain: 'https://shared.example.com', redirectroot: '', redirect404: '' });

  for (let i = 1; i <= 20; i++) {
    const name = `Campaign ${pad2(i)} · ${theme(i)}`;
    data.campaigns.push({
      id: state.nextId('campaign'),
      name,
      slug: i % 2 === 1 ? `c${pad2(i)}-${slugify(theme(i))}` : null,
      public: i % 3 !== 0,
      nameKey: i === 2 ? 'domain' : 'name',
      ...(i === 1 ? { extra: { extra: 'x' } } : {}),
    });
  }

  for (let i = 1; i <= 40; i++) {
    data.channels.push({
      id: state.nextId('channel'),
      name: `Channel ${pad2(i)} · ${theme(i)}`,
      description: `Links and codes for ${theme(i).toLowerCase()} (${i})`,
      color: COLORS[(i - 1) % COLORS.length]!,
      starred: i % 5 === 1,
      ...(i === 1 ? { extra: { extra: 'x' } } : {}),
    });
  }

  for (let i = 1; i <= 33; i++) {
    const type = i === 33 ? 'newnetwork' : PIXEL_TYPES[(i - 1) % PIXEL_TYPES.length]!;
    data.pixels.push({
      id: state.nextId('pixel'),
      type,
      name: `Pixel ${pad2(i)} · ${theme(i)}`,
      tag: type === 'gtmpixel' ? `GTM-SBX${pad2(i)}` : `${type.slice(0, 3).toUpperCase()}-${1000 + i}`,
      date: seedStamp(i),
      ...(i === 1 ? { extra: { extra: 'x' } } : {}),
    });
  }

  for (let i = 1; i <= 35; i++) {
    const id = state.nextId('qr');
    const stats = i === 3 ? null : seedStats(i);
    data.qrs.push({
      id,
      ...seedQrContent(i),
      background: 'rgb(255,255,255)',
      foreground: 'rgb(0,0,0)',
      logo: null,
      name: `QR ${pad2(i)} · ${theme(i)}`,
      link: `${state.baseUrl}/qr/${id}`,
      scans: stats?.clicks ?? 0,
      date: seedStamp(i),
      stats,
      ...(i === 1 ? { extra: { extra: 'x' } } : {}),
    });
  }

  for (let i = 1; i <= 18; i++) {
    data.overlays.push({
      id: state.nextId('overlay'),
      type: i === 18 ? 'poll' : i % 2 === 1 ? 'message' : 'contact',
      name: `CTA ${pad2(i)} · ${theme(i)}`,
      date: seedStamp(i),
      ...(i === 1 ? { extra: { extra: 'x' } } : {}),
    });
  }

  for (let i = 1; i <= 17; i++) {
    data.splash.push({
      id: state.nextId('splash'),
      name: `Splash ${pad2(i)} · ${theme(i)}`,
      date: seedStamp(i),
      ...(i === 1 ? { extra: { extra: 'x' } } : {}),
    });
  }

  const firstDomain = data.domains[0];
  for (let i = 1; i <= 24; i++) {
    const link = state.addLink(data, `https://example.org/article/${i}?utm_source=sandbox`, {
      created: seedStamp(i),
      ...(i % 8 === 2 && firstDomain ? { domain: firstDomain } : {}),
    });
    if (i <= 4) link.campaign_id = data.campaigns[0]?.id ?? null;
    else if (i === 5) link.campaign_id = data.campaigns[2]?.id ?? null;
  }

  const ch = (n: number): number => data.channels[n - 1]!.id;
  const day = (i: number): string => seedStamp(i).slice(0, 10);
  for (let i = 1; i <= 16; i++) data.channelItems.push({ channel_id: ch(1), type: 'links', item_id: data.links[i - 1]!.id, date: day(i) });
  data.channelItems.push({ channel_id: ch(1), type: 'qr', item_id: data.qrs[0]!.id, date: day(17) });
  data.channelItems.push({ channel_id: ch(1), type: 'qr', item_id: data.qrs[1]!.id, date: day(18) });
  data.channelItems.push({ channel_id: ch(1), type: 'bio', item_id: 1, date: day(19) });
  data.channelItems.push({ channel_id: ch(2), type: 'links', item_id: data.links[16]!.id, date: day(20) });
  data.channelItems.push({ channel_id: ch(2), type: 'qr', item_id: data.qrs[2]!.id, date: day(21) });
  data.channelItems.push({ channel_id: ch(2), type: 'bio', item_id: 2, date: day(22) });
  data.channelItems.push({ channel_id: ch(3), type: 'bio', item_id: 3, date: day(23) });
}
