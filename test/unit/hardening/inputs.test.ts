// @vitest-environment node
/**
 * Hardening, inputs: every argument the client sends is checked before any request.
 * A bad one is a rejected ApiError of kind 'invalid-input' whose `field` names the culprit
 * and whose message starts with that name (the UI shows it next to the field), and the
 * fake fetch is never called.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, checkInput, createApiClient, httpUrlInput, MAX_URL_LENGTH, type ApiClient } from '@/lib/api';

const BASE = 'https://short.example';

/** A client on a fake fetch that records every request and answers a generic success. */
function recordingClient() {
  const sent: { url: string; body: unknown }[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    sent.push({ url: String(input), body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    return new Response(
      JSON.stringify({ error: 0, success: true, message: 'ok', id: 1, short_url: 'https://s.example/a', short_code: 'a' }),
    );
  };
  return { api: createApiClient({ baseUrl: BASE, apiKey: 'key-1', fetch: fakeFetch }), sent };
}

/** Calls the client and expects a refusal naming `field`, before any request. */
async function expectRefused(call: (api: ApiClient) => Promise<unknown>, field: string, why?: string): Promise<ApiError> {
  const { api, sent } = recordingClient();
  const what = why ?? field;
  // A refusal is a rejected promise like every other failure, never a synchronous throw.
  let pending: Promise<unknown> | undefined;
  expect(() => {
    pending = call(api);
  }, what).not.toThrow();
  const caught = await pending!.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(caught, `${what}: expected a refusal`).toBeInstanceOf(ApiError);
  const err = caught as ApiError;
  expect(err.kind, what).toBe('invalid-input');
  expect(err.field, what).toBe(field);
  expect(err.message.startsWith(`${field} `), `${what}: "${err.message}"`).toBe(true);
  expect(sent, `${what}: no request may leave`).toEqual([]);
  return err;
}

/** Calls the client and expects it to send exactly one request; returns its JSON body. */
async function expectSent(call: (api: ApiClient) => Promise<unknown>): Promise<Record<string, unknown>> {
  const { api, sent } = recordingClient();
  await call(api);
  expect(sent).toHaveLength(1);
  return (sent[0]!.body ?? {}) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------
// URLs
// ---------------------------------------------------------------------------------------

const UNSUPPORTED_URLS = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/plain;base64,SGVsbG8=',
  'file:///etc/passwd',
  'file://C:/Windows/win.ini',
  'ftp://files.example.com/a.zip',
  'chrome://settings',
  'chrome-extension://abcdefghijklmnop/popup.html',
  'moz-extension://1234/popup.html',
  'edge://settings',
  'about:blank',
  'about:config',
  'view-source:https://example.com',
  'blob:https://example.com/1234-5678',
  'mailto:someone@example.com',
  'tel:+15551234',
  'sms:+15551234',
  'ws://example.com/socket',
  'wss://example.com/socket',
  'vbscript:msgbox(1)',
  'intent://scan/#Intent;scheme=zxing;end',
  'gopher://example.com',
  'ssh://example.com',
  'example.com',
  'www.example.com/page',
  '//example.com/page',
  '/relative/path',
  'https://',
  'http:',
  '',
  '   ',
];

const WITH_SPACES = [
  'https://example.com/a b',
  'https://exa mple.com/',
  'https://example.com/a\tb',
  'https://example.com/a\nb',
  'https://example.com/a\u00a0b',
  'https://example.com/a\u3000b',
];

/** Every place the client takes a URL: how to call it with one, and the field that must be named. */
const URL_FIELDS: { field: string; call: (url: string) => (api: ApiClient) => Promise<unknown> }[] = [
  { field: 'url', call: (url) => (a) => a.shorten({ url }) },
  { field: 'domain', call: (url) => (a) => a.addDomain({ domain: url }) },
  { field: 'redirectroot', call: (url) => (a) => a.addDomain({ domain: 'https://go.example.com', redirectroot: url }) },
  { field: 'redirect404', call: (url) => (a) => a.addDomain({ domain: 'https://go.example.com', redirect404: url }) },
  { field: 'redirectroot', call: (url) => (a) => a.updateDomain(1, { redirectroot: url }) },
  { field: 'redirect404', call: (url) => (a) => a.updateDomain(1, { redirect404: url }) },
  { field: 'data', call: (url) => (a) => a.addQr({ type: 'link', data: url }) },
  { field: 'data', call: (url) => (a) => a.updateQr(1, { type: 'link', data: url }) },
  { field: 'data.url', call: (url) => (a) => a.addQr({ type: 'vcard', data: { name: 'Ada', url } }) },
  { field: 'logo', call: (url) => (a) => a.addQr({ type: 'text', data: 'hi', logo: url }) },
];

describe('URLs', () => {
  it.each(URL_FIELDS.map((f, i) => [`${i}: ${f.field}`, f] as const))(
    '%s: every unsupported scheme is refused before sending',
    async (_, { field, call }) => {
      for (const url of UNSUPPORTED_URLS) await expectRefused(call(url), field, `${field} = ${JSON.stringify(url)}`);
    },
  );

  it.each(URL_FIELDS.map((f, i) => [`${i}: ${f.field}`, f] as const))('%s: spaces inside are refused', async (_, { field, call }) => {
    for (const url of WITH_SPACES) {
      const err = await expectRefused(call(url), field, `${field} = ${JSON.stringify(url)}`);
      expect(err.message).toMatch(/spaces/);
    }
  });

  it(`a long URL is accepted up to ${MAX_URL_LENGTH} characters and refused beyond`, async () => {
    const prefix = 'https://example.com/';
    const atLimit = prefix + 'a'.repeat(MAX_URL_LENGTH - prefix.length);
    expect(atLimit).toHaveLength(8192);
    expect((await expectSent((a) => a.shorten({ url: atLimit }))).url).toBe(atLimit);
    for (const url of [atLimit + 'a', prefix + 'a'.repeat(100_000)]) {
      const err = await expectRefused((a) => a.shorten({ url }), 'url');
      expect(err.message).toBe('url must be at most 8192 characters');
    }
    await expectRefused((a) => a.addDomain({ domain: 'https://go.example.com', redirect404: atLimit + '/x' }), 'redirect404');
  });

  it('IDN hosts are accepted and sent as punycode; surrounding spaces are trimmed', async () => {
    const cases: [string, string][] = [
      ['https://bücher.example/ä', 'https://xn--bcher-kva.example/%C3%A4'],
      ['https://BÜCHER.example', 'https://xn--bcher-kva.example/'],
      ['https://例え.テスト/パス', 'https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9'],
      ['  https://example.com/page  ', 'https://example.com/page'],
      ['HTTP://EXAMPLE.COM', 'http://example.com/'],
    ];
    for (const [given, sentAs] of cases) {
      expect((await expectSent((a) => a.shorten({ url: given }))).url, given).toBe(sentAs);
      expect((await expectSent((a) => a.addDomain({ domain: given }))).domain, given).toBe(sentAs);
    }
  });

  it('a QR logo must be a png or jpg image over http(s)', async () => {
    for (const logo of [
      'https://x.example/logo.gif',
      'https://x.example/logo.svg',
      'https://x.example/logo',
      'javascript:alert(1)//.png',
    ]) {
      await expectRefused((a) => a.addQr({ type: 'text', data: 'hi', logo }), 'logo', logo);
    }
    for (const logo of ['https://x.example/logo.png', 'https://x.example/a/logo.JPG', 'https://x.example/logo.jpeg?v=2']) {
      expect((await expectSent((a) => a.addQr({ type: 'text', data: 'hi', logo }))).logo).toBe(logo);
    }
  });

  it('property: for any string, httpUrlInput gives an http(s) URL or an invalid-input error', () => {
    const schemes = fc.constantFrom(
      'http://',
      'https://',
      'HTTPS://',
      'javascript:',
      'data:',
      'file://',
      'ftp://',
      '//',
      ' ',
      '',
      'http:',
      'https:/',
    );
    const anyString = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.tuple(schemes, fc.string({ unit: 'binary', maxLength: 40 })).map(([s, rest]) => s + rest),
      fc.tuple(schemes, fc.domain(), fc.string({ maxLength: 20 })).map(([s, d, rest]) => `${s}${d}/${rest}`),
    );
    fc.assert(
      fc.property(anyString, (s) => {
        let out: string;
        try {
          out = checkInput(httpUrlInput, s, 'url');
        } catch (e) {
          expect(e).toBeInstanceOf(ApiError);
          expect((e as ApiError).kind).toBe('invalid-input');
          expect((e as ApiError).field).toBe('url');
          expect((e as ApiError).message).toMatch(/^url /);
          return;
        }
        expect(out).toMatch(/^https?:\/\//);
        const u = new URL(out);
        expect(['http:', 'https:']).toContain(u.protocol);
        expect(u.hostname).not.toBe('');
        expect(out).not.toMatch(/\s/);
      }),
      { numRuns: 300 },
    );
  });

  it('property: shorten either sends an http(s) URL or refuses without a request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.webUrl()), async (url) => {
        const { api, sent } = recordingClient();
        const out = await api.shorten({ url }).then(
          () => 'sent' as const,
          (e: unknown) => e,
        );
        if (out === 'sent') {
          expect(sent).toHaveLength(1);
          expect(['http:', 'https:']).toContain(new URL(String((sent[0]!.body as { url: unknown }).url)).protocol);
        } else {
          expect(out).toBeInstanceOf(ApiError);
          expect((out as ApiError).kind).toBe('invalid-input');
          expect(sent).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------------------
// Custom aliases
// ---------------------------------------------------------------------------------------

describe('custom aliases', () => {
  const shortenWith = (custom_code: string) => (a: ApiClient) => a.shorten({ url: 'https://example.com', custom_code });

  it('refuses bad characters', async () => {
    for (const alias of [
      'a b',
      'ab/cd',
      'ab.cd',
      '../etc',
      'ab?x=1',
      'ab#x',
      'ab%20c',
      '<script>',
      'käse',
      'emoji😀',
      'tab\there',
      "it's",
      'a"b',
    ]) {
      const err = await expectRefused(shortenWith(alias), 'custom_code', alias);
      expect(err.message).toMatch(/letters, digits|at least|spaces/);
    }
  });

  it('accepts 3 to 32 letters, digits, - and _; refuses 2 and 33', async () => {
    for (const alias of ['abc', 'a'.repeat(32), 'Spring_25', 'x-y-z', '123']) {
      expect((await expectSent(shortenWith(alias))).custom_code, alias).toBe(alias);
    }
    expect((await expectRefused(shortenWith('ab'), 'custom_code')).message).toBe('custom_code must be at least 3 characters');
    expect((await expectRefused(shortenWith('a'.repeat(33)), 'custom_code')).message).toBe('custom_code must be at most 32 characters');
    await expectRefused(shortenWith(''), 'custom_code');
  });

  it('property: any alias that is sent is 3–32 of [A-Za-z0-9_-]', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/)), async (alias) => {
        const { api, sent } = recordingClient();
        const ok = await api.shorten({ url: 'https://example.com', custom_code: alias }).then(
          () => true,
          (e: unknown) => {
            expect(e).toBeInstanceOf(ApiError);
            expect((e as ApiError).field).toBe('custom_code');
            return false;
          },
        );
        if (ok) expect(String((sent[0]!.body as { custom_code: unknown }).custom_code)).toMatch(/^[A-Za-z0-9_-]{3,32}$/);
        else expect(sent).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------------------
// Colours
// ---------------------------------------------------------------------------------------

describe('colours', () => {
  it('channel colours are #RRGGBB', async () => {
    for (const color of ['#000000', '#FFFFFF', '#a1B2c3']) {
      expect((await expectSent((a) => a.addChannel({ name: 'News', color }))).color, color).toBe(color);
    }
    for (const color of [
      '#fff',
      '#12345',
      '#1234567',
      '#GGGGGG',
      '123456',
      'red',
      'rgb(0,0,0)',
      '# 123456',
      '#12345g',
      '',
      'javascript:x',
    ]) {
      await expectRefused((a) => a.addChannel({ name: 'News', color }), 'color', `addChannel color ${color}`);
      await expectRefused((a) => a.updateChannel(1, { color }), 'color', `updateChannel color ${color}`);
    }
  });

  it('QR colours are rgb(r,g,b) with each of r, g, b from 0 to 255', async () => {
    for (const c of ['rgb(0,0,0)', 'rgb(255,255,255)', 'rgb( 0 , 128 , 255 )', 'rgb(001,2,3)']) {
      expect((await expectSent((a) => a.addQr({ type: 'text', data: 'hi', background: c }))).background, c).toBe(c);
      expect((await expectSent((a) => a.updateQr(1, { type: 'text', data: 'hi', foreground: c }))).foreground, c).toBe(c);
    }
    const bad = [
      'rgb(256,0,0)',
      'rgb(0,256,0)',
      'rgb(0,0,256)',
      'rgb(999,0,0)',
      'rgb(-1,0,0)',
      'rgb(0255,0,0)',
      'rgb(1.5,0,0)',
      'rgb(0,0)',
      'rgb(0,0,0,0)',
      'rgba(0,0,0,1)',
      'rgb(0 0 0)',
      '#ffffff',
      'white',
      '',
    ];
    for (const c of bad) {
      await expectRefused((a) => a.addQr({ type: 'text', data: 'hi', background: c }), 'background', `background ${c}`);
      await expectRefused((a) => a.updateQr(1, { type: 'text', data: 'hi', foreground: c }), 'foreground', `foreground ${c}`);
    }
  });

  it('property: rgb(r,g,b) is accepted exactly when every channel is 0–255', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 })),
        async ([r, g, b]) => {
          const { api, sent } = recordingClient();
          const ok = await api.addQr({ type: 'text', data: 'hi', background: `rgb(${r},${g},${b})` }).then(
            () => true,
            () => false,
          );
          expect(ok).toBe(r <= 255 && g <= 255 && b <= 255);
          expect(sent).toHaveLength(ok ? 1 : 0);
        },
      ),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------------------
// Pixels
// ---------------------------------------------------------------------------------------

describe('pixels', () => {
  it('tags must be 1–255 characters without spaces, quotes or < >', async () => {
    for (const tag of ['GTM-ABC123', '1234567890', 'a'.repeat(255), 'AW-123/xyz_-.']) {
      expect((await expectSent((a) => a.addPixel({ type: 'gtmpixel', name: 'Tags', tag }))).tag, tag).toBe(tag);
    }
    for (const tag of ['', '   ', '<script>alert(1)</script>', '"><img src=x>', "a'b", 'a`b', 'a b', 'a\tb', 'a'.repeat(256)]) {
      await expectRefused((a) => a.addPixel({ type: 'fbpixel', name: 'FB', tag }), 'tag', `addPixel tag ${JSON.stringify(tag)}`);
      await expectRefused((a) => a.updatePixel(1, { tag }), 'tag', `updatePixel tag ${JSON.stringify(tag)}`);
    }
  });

  it('types must be one of the 13 of the interface; names are required', async () => {
    for (const type of ['myspace', 'FBPIXEL', 'fb', '', 'gtm']) {
      await expectRefused((a) => a.addPixel({ type, name: 'X', tag: 't' }), 'type', type);
    }
    await expectRefused((a) => a.addPixel({ type: 'tiktok', name: '  ', tag: 't' }), 'name');
    await expectRefused((a) => a.addPixel({ type: 'tiktok', name: 'n'.repeat(256), tag: 't' }), 'name');
    await expectRefused((a) => a.updatePixel(1, { name: '', tag: 't' }), 'name');
  });
});

// ---------------------------------------------------------------------------------------
// QR data, per type
// ---------------------------------------------------------------------------------------

type QrArgs = Parameters<ApiClient['addQr']>[0];
const QR_CASES: { type: string; good: unknown[]; bad: [unknown, string][] }[] = [
  {
    type: 'text',
    good: ['Hello', 'x'.repeat(2000), '<b>shown as the QR text, not markup</b>'],
    bad: [
      ['', 'data'],
      ['   ', 'data'],
      ['x'.repeat(2001), 'data'],
      [42, 'data'],
      [null, 'data'],
      [{ text: 'x' }, 'data'],
    ],
  },
  {
    type: 'link',
    good: ['https://example.com/menu', 'http://127.0.0.1:8080/'],
    bad: [
      ['javascript:alert(1)', 'data'],
      ['example.com', 'data'],
      ['data:text/html,x', 'data'],
      ['', 'data'],
      [['https://a.example'], 'data'],
    ],
  },
  {
    type: 'email',
    good: ['me@example.com', 'first.last+tag@sub.example.org'],
    bad: [
      ['nobody', 'data'],
      ['a@', 'data'],
      ['@example.com', 'data'],
      ['a b@example.com', 'data'],
      ['', 'data'],
    ],
  },
  {
    type: 'phone',
    good: ['+49 30 1234567', '(555) 123-4567', '112'],
    bad: [
      ['call me', 'data'],
      ['12', 'data'],
      ['+1<script>', 'data'],
      ['1'.repeat(31), 'data'],
      ['', 'data'],
    ],
  },
  {
    type: 'sms',
    good: [{ phone: '+1 555 1234' }, { phone: '+1 555 1234', message: 'Hi there' }],
    bad: [
      ['+1 555 1234', 'data'],
      [{}, 'data.phone'],
      [{ phone: 'nope' }, 'data.phone'],
      [{ phone: '+1 555 1234', message: 'm'.repeat(501) }, 'data.message'],
    ],
  },
  {
    type: 'wifi',
    good: [{ ssid: 'Home' }, { ssid: 'Café', password: 'secret123', encryption: 'WPA' }, { ssid: 'Open', encryption: 'nopass' }],
    bad: [
      ['Home', 'data'],
      [{ ssid: '' }, 'data.ssid'],
      [{ password: 'x' }, 'data.ssid'],
      [{ ssid: 's'.repeat(33) }, 'data.ssid'],
      [{ ssid: 'Home', password: 'p'.repeat(64) }, 'data.password'],
      [{ ssid: 'Home', encryption: 'WPA3' }, 'data.encryption'],
    ],
  },
  {
    type: 'vcard',
    good: [
      { name: 'Ada Lovelace' },
      { name: 'Ada', phone: '+44 20 1234', email: 'ada@example.com', company: 'Engines', url: 'https://ada.example' },
    ],
    bad: [
      [{}, 'data.name'],
      [{ name: '' }, 'data.name'],
      [{ name: 'Ada', email: 'ada' }, 'data.email'],
      [{ name: 'Ada', phone: 'none' }, 'data.phone'],
      [{ name: 'Ada', url: 'javascript:alert(1)' }, 'data.url'],
      ['Ada', 'data'],
    ],
  },
];

describe('QR data of each of the 7 types', () => {
  it('covers every type', () => {
    expect(QR_CASES.map((c) => c.type).sort()).toEqual(['email', 'link', 'phone', 'sms', 'text', 'vcard', 'wifi']);
  });

  it.each(QR_CASES.map((c) => [c.type, c] as const))(
    '%s: good data is sent, bad data is refused naming the field',
    async (_, { type, good, bad }) => {
      for (const data of good) {
        const body = await expectSent((a) => a.addQr({ type, data } as QrArgs));
        expect(body.type).toBe(type);
        await expectSent((a) => a.updateQr(7, { type, data } as QrArgs));
      }
      for (const [data, field] of bad) {
        await expectRefused(
          (a) => a.addQr({ type, data } as unknown as QrArgs),
          field,
          `addQr ${type} ${JSON.stringify(data)?.slice(0, 40)}`,
        );
        await expectRefused(
          (a) => a.updateQr(7, { type, data } as unknown as QrArgs),
          field,
          `updateQr ${type} ${JSON.stringify(data)?.slice(0, 40)}`,
        );
      }
    },
  );

  it('an unknown QR type is refused as `type`', async () => {
    for (const type of ['fax', 'url', '', 'TEXT']) {
      await expectRefused((a) => a.addQr({ type, data: 'x' } as unknown as QrArgs), 'type', type);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Everything else the client takes
// ---------------------------------------------------------------------------------------

describe('ids, names, paging and the account', () => {
  it('ids must be positive whole numbers, each named after its argument', async () => {
    const idCalls: [string, (bad: number) => (a: ApiClient) => Promise<unknown>][] = [
      ['id', (id) => (a) => a.deleteDomain(id)],
      ['id', (id) => (a) => a.getQr(id)],
      ['id', (id) => (a) => a.updateCampaign(id, { name: 'x' })],
      ['campaignId', (id) => (a) => a.assignCampaignLink(id, 1)],
      ['linkId', (id) => (a) => a.assignCampaignLink(1, id)],
      ['channelId', (id) => (a) => a.listChannelItems(id)],
      ['channelId', (id) => (a) => a.assignChannelItem(id, 'qr', 1)],
      ['itemId', (id) => (a) => a.assignChannelItem(1, 'qr', id)],
      ['link_id', (id) => (a) => a.deleteLink(id)],
      ['domain_id', (id) => (a) => a.shorten({ url: 'https://example.com', domain_id: id })],
    ];
    for (const [field, call] of idCalls) {
      for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) await expectRefused(call(bad), field, `${field} = ${bad}`);
    }
  });

  it('a channel item type is links, bio or qr', async () => {
    for (const type of ['video', 'link', '', '../../api/account']) {
      await expectRefused((a) => a.assignChannelItem(1, type as 'links', 2), 'type', type);
    }
  });

  it('names, slugs and descriptions have bounds', async () => {
    await expectRefused((a) => a.addChannel({ name: '' }), 'name');
    await expectRefused((a) => a.addChannel({ name: 'n'.repeat(256) }), 'name');
    await expectRefused((a) => a.addChannel({ name: 'ok', description: 'd'.repeat(1001) }), 'description');
    await expectRefused((a) => a.updateCampaign(1, { name: '  ' }), 'name');
    for (const slug of ['a b', 'a/b', '<x>', 's'.repeat(65)])
      await expectRefused((a) => a.addCampaign({ name: 'Slug', slug }), 'slug', slug);
  });

  it('paging takes a limit of 1–1000 and a page from 1', async () => {
    await expectRefused((a) => a.listPixels({ limit: 0 }), 'paging.limit');
    await expectRefused((a) => a.listPixels({ limit: 1001 }), 'paging.limit');
    await expectRefused((a) => a.listQrs({ page: 0 }), 'paging.page');
    await expectRefused((a) => a.listChannelItems(1, { page: 1.5 }), 'paging.page');
  });

  it('an account update needs a valid email or a password of 8+ characters', async () => {
    await expectRefused((a) => a.updateAccount({}), 'email');
    await expectRefused((a) => a.updateAccount({ email: 'not-an-email' }), 'email');
    await expectRefused((a) => a.updateAccount({ password: 'short' }), 'password');
  });
});
