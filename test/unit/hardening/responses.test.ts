// @vitest-environment node
/**
 * Hardening, answers: every method of the client against malformed and hostile answers
 * from a fake `fetch`. Whatever the service says, a method resolves with a value or rejects
 * with an ApiError of a known kind; URLs that reach `href`/`src` are http(s) or null; texts
 * from the service carry no markup; nothing else is thrown and no rejection goes unhandled.
 * (docs/ARCHITECTURE.md, "Real deployments".)
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type ApiClient, type ApiErrorKind } from '@/lib/api';
import { CALLS, METHOD_NAMES, type Call } from './calls';

// ---------------------------------------------------------------------------------------
// The client on a fake fetch
// ---------------------------------------------------------------------------------------

const BASE = 'https://short.example';
const KNOWN_KINDS: readonly ApiErrorKind[] = [
  'invalid-input',
  'bad-key',
  'forbidden',
  'rate-limited',
  'invalid-request',
  'not-found',
  'server',
  'network',
  'timeout',
  'unreadable',
];

interface Answer {
  status?: number;
  body: string;
  headers?: Record<string, string>;
}

/** A client whose fetch answers `answer` (a fresh Response per request: shorten may retry once). */
function clientAnswering(answer: Answer | ((init: RequestInit | undefined) => Promise<Response>), timeoutMs = 2_000) {
  const fakeFetch: typeof fetch = async (_input, init) => {
    if (typeof answer === 'function') return answer(init);
    return new Response(answer.body, { status: answer.status ?? 200, headers: answer.headers });
  };
  return { api: createApiClient({ baseUrl: BASE, apiKey: 'key-1', fetch: fakeFetch, timeoutMs }) };
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: ApiError };

/** Runs a call; anything thrown that is not an ApiError fails the test right here. */
async function settle(p: Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await p };
  } catch (e) {
    if (!(e instanceof ApiError)) throw new Error(`not an ApiError: ${String(e)}`, { cause: e });
    return { ok: false, error: e };
  }
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const out = await settle(p);
  if (out.ok) throw new Error(`expected a failure, got ${JSON.stringify(out.value)}`);
  return out.error;
}

/** Markup: `<` followed by a letter, `/`, `!` or `?` (a tag, closing tag, comment, doctype). */
const MARKUP = /<[a-z/!?]/i;

/** The member names whose values end up in href/src; `linkId` and the like are ids, not URLs. */
const isUrlKey = (key: string) => /url|link|preview|avatar|rotator|list/i.test(key) && !/id$/i.test(key);

/**
 * Every member of `value` (at any depth) whose key names a URL, with its path. The QR
 * statistics (`stats`) are maps whose keys are the service's own words (a referrer called
 * "Invalid url", say) and whose values are counts: their keys are checked by `statsKeys`.
 */
function urlMembers(value: unknown, path = '$'): { path: string; value: unknown }[] {
  if (value === null || typeof value !== 'object') return [];
  const out: { path: string; value: unknown }[] = [];
  for (const [key, member] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (key === 'stats') continue;
    if (isUrlKey(key)) out.push({ path: at, value: member });
    out.push(...urlMembers(member, at));
  }
  return out;
}

/** The names in the QR statistics maps, which the UI shows as text. */
function statsKeys(value: unknown): string[] {
  if (value === null || typeof value !== 'object' || !('stats' in value)) return [];
  const stats = (value as { stats: Record<string, unknown> }).stats;
  return Object.values(stats).flatMap((m) => (m !== null && typeof m === 'object' ? Object.keys(m) : []));
}

/** Every string member named `message`, at any depth. */
function messages(value: unknown): string[] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => (k === 'message' && typeof v === 'string' ? [v] : messages(v)));
}

const isWebUrl = (v: unknown) => {
  if (typeof v !== 'string' || !/^https?:\/\//.test(v)) return false;
  const u = new URL(v);
  return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
};

/** What a user could notice in an outcome, whatever the answer was. */
function expectSafeOutcome(out: Outcome): void {
  if (out.ok) {
    for (const { path, value } of urlMembers(out.value)) {
      expect(value === null || isWebUrl(value), `${path} = ${JSON.stringify(value)}`).toBe(true);
    }
    for (const m of [...messages(out.value), ...statsKeys(out.value)]) expect(m).not.toMatch(MARKUP);
    return;
  }
  const { error } = out;
  expect(KNOWN_KINDS).toContain(error.kind);
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.message.length).toBeLessThanOrEqual(600);
  expect(error.message).not.toMatch(MARKUP);
  if (error.kind === 'rate-limited' && error.retryAfterMs !== undefined) {
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(0);
    expect(error.retryAfterMs).toBeLessThanOrEqual(86_400_000);
  }
}

// No rejection may go unhandled, in any test of this file.
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
});
afterEach(async () => {
  await new Promise((r) => setTimeout(r, 0));
  expect(unhandled).toEqual([]);
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
});

// ---------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------

/** URLs a server could send that must never reach href/src. */
const HOSTILE_URLS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  '\u0000javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://files.example/x',
  'chrome://settings',
  'about:blank',
  'blob:https://short.example/1234',
  '/relative/path',
  'relative/path',
  '//evil.example/x',
  '\\\\evil.example\\x',
  'https:',
  'http://',
  '',
  'not a url',
];
const GOOD_URLS = ['https://short.example/abc', 'http://127.0.0.1:8080/q/1', 'https://xn--bcher-kva.example/%C3%A4'];

const MARKUP_TEXTS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '<b>Invalid</b> <i>url</i>',
  '<a href="javascript:alert(1)">click</a>',
  '<!-- comment --> text',
  '<<script>script>alert(1)<</script>/script>',
  '<svg/onload=alert(1)>',
  '</p>',
  '<style>body{display:none}</style>Error',
  'unclosed <b tag',
  '<!DOCTYPE html><html><body><h1>Error</h1></body></html>',
];

const urlish = fc.oneof(fc.constantFrom(...HOSTILE_URLS), fc.constantFrom(...GOOD_URLS), fc.webUrl(), fc.string(), fc.constant(false));
const markup = fc.oneof(
  fc.constantFrom(...MARKUP_TEXTS),
  fc.tuple(fc.string(), fc.constantFrom(...MARKUP_TEXTS), fc.string()).map((p) => p.join('')),
);
const idish = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 1e6 }) },
  fc.integer({ min: 1, max: 1e6 }).map(String),
  fc.constantFrom(0, -1, 1.5, '1e3', 'abc', '', null, true, [], {}),
);
const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.integer().map(String),
  urlish,
  markup,
  fc.constantFrom([], {}, { toString: 'x' }, { valueOf: 1 }, [[[]]]),
);
const member = fc.oneof({ weight: 4, arbitrary: scalar }, fc.anything({ maxDepth: 2 }));
const extraMembers = fc.dictionary(
  fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'isAdmin')),
  member,
  { maxKeys: 3 },
);

/** A record with any of the members of any resource (each maybe hostile), plus unknown ones. */
const record = fc
  .tuple(
    fc.record(
      {
        id: idish,
        email: member,
        username: member,
        avatar: urlish,
        status: fc.oneof(fc.constantFrom('pro', 'free', 'enterprise'), member),
        expires: member,
        registered: member,
        domain: fc.oneof(urlish, member),
        redirectroot: urlish,
        redirect404: urlish,
        type: fc.oneof(fc.constantFrom('message', 'contact', 'poll', 'links', 'bio', 'qr', 'video', 'fbpixel', 'mysterypixel'), member),
        name: fc.oneof(markup, member),
        title: fc.oneof(markup, member),
        date: member,
        public: member,
        rotator: urlish,
        list: urlish,
        description: fc.oneof(markup, member),
        color: fc.oneof(fc.constantFrom('#A1B2C3', 'red', '#fff', 'javascript:x'), member),
        starred: member,
        preview: urlish,
        link: urlish,
        scans: member,
        tag: fc.oneof(markup, member),
      },
      { requiredKeys: ['id'] }, // `idish` is hostile often enough; a present id lets more answers through
    ),
    extraMembers,
  )
  .map(([known, extra]) => ({ ...extra, ...known }));

const ARRAY_NAMES = ['domains', 'cta', 'campaigns', 'channels', 'items', 'splash', 'pixels', 'qrs'];
const countMap = fc.oneof(fc.dictionary(fc.oneof(fc.string(), markup), member, { maxKeys: 4 }), member);

/** The `data` member: a list page (every array name at once), statistics, an account, or junk. */
const dataMember = fc.oneof(
  fc
    .tuple(
      fc.record(
        {
          result: member,
          perpage: member,
          currentpage: member,
          nextpage: fc.oneof(fc.constant(null), idish),
          maxpage: member,
        },
        { requiredKeys: [] },
      ),
      fc.tuple(
        ...ARRAY_NAMES.map(() =>
          fc.oneof({ weight: 4, arbitrary: fc.array(fc.oneof({ weight: 4, arbitrary: record }, member), { maxLength: 4 }) }, member),
        ),
      ),
    )
    .map(([paging, arrays]) => ({ ...paging, ...Object.fromEntries(ARRAY_NAMES.map((n, i) => [n, arrays[i]])) })),
  { weight: 3, arbitrary: record },
  fc.record(
    {
      clicks: member,
      uniqueClicks: member,
      topCountries: countMap,
      topReferrers: countMap,
      topBrowsers: countMap,
      topOs: countMap,
      socialCount: countMap,
    },
    { requiredKeys: [] },
  ),
  fc.constant([]),
  member,
);

/** A body shaped like the service's envelopes (success or failure), every member maybe hostile. */
const envelope = fc
  .tuple(
    fc.record(
      {
        error: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(0, '0') }, fc.constantFrom(1, '1', 429, '429', true), member),
        success: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(true, 1, 'true') }, fc.constantFrom(false, 0), member),
        message: fc.oneof(markup, member),
        error_message: fc.oneof(markup, member),
        'Retry-After': fc.oneof(fc.nat(), fc.constantFrom('30', 'soon', -5, 1e12, 'Wed, 21 Oct 2099 07:28:00 GMT')),
        data: dataMember,
        details: fc.oneof({ weight: 4, arbitrary: record }, member),
        short_url: urlish,
        short_code: member,
        link_id: idish,
      },
      { requiredKeys: [] },
    ),
    record,
  )
  .map(([env, rec]) => ({ ...rec, ...env }));

const htmlPage = fc
  .constantFrom(...MARKUP_TEXTS)
  .map((t) => `<!DOCTYPE html><html><head><title>502</title></head><body>${t}</body></html>`);

/** Any body: mostly envelope-shaped, else any JSON, any JS value as JSON, any text, an HTML page. */
const anyBody = fc.oneof(
  { weight: 5, arbitrary: envelope.map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.json() },
  { weight: 1, arbitrary: fc.anything().map((v) => JSON.stringify(v) ?? '') },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: htmlPage },
);
const anyStatus = fc.oneof(
  { weight: 6, arbitrary: fc.constant(200) },
  fc.constantFrom(201, 202, 400, 401, 403, 404, 409, 422, 429, 500, 502, 503),
  fc.integer({ min: 200, max: 599 }).filter((s) => ![204, 205, 304].includes(s)),
);
const headerValue = fc.oneof(
  fc.nat().map(String),
  fc.constantFrom('', 'abc', '-1', '1e20', 'Wed, 21 Oct 2099 07:28:00 GMT', '9999999999999'),
);
const anyHeaders = fc.record(
  {
    'content-type': fc.constantFrom('application/json', 'text/html; charset=utf-8', 'text/plain'),
    'retry-after': headerValue,
    'x-ratelimit-limit': headerValue,
    'x-ratelimit-remaining': headerValue,
    'x-ratelimit-reset': headerValue,
  },
  { requiredKeys: [] },
);
const anyAnswer = fc.record({ status: anyStatus, body: anyBody, headers: anyHeaders });

// ---------------------------------------------------------------------------------------
// Properties: every method, arbitrary answers
// ---------------------------------------------------------------------------------------

const RUNS = 200;

describe(`every method (${METHOD_NAMES.length}) against ${RUNS} arbitrary answers each`, () => {
  it('covers the whole client', () => {
    const client = clientAnswering({ body: '' }).api;
    const methods = Object.keys(client).filter((k) => typeof client[k as keyof ApiClient] === 'function');
    expect(methods.sort()).toEqual([...METHOD_NAMES].sort());
    expect(METHOD_NAMES).toHaveLength(30);
  });

  it.each(METHOD_NAMES)('%s resolves or rejects with a known ApiError; URLs are http(s); no markup', async (name) => {
    let resolved = 0;
    await fc.assert(
      fc.asyncProperty(anyAnswer, async (answer) => {
        const out = await settle(CALLS[name](clientAnswering(answer).api));
        expectSafeOutcome(out);
        if (out.ok) resolved++;
      }),
      { numRuns: RUNS },
    );
    // The URL and message checks above are not vacuous: some answers were accepted.
    expect(resolved).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------
// Broken answers, each on every method
// ---------------------------------------------------------------------------------------

const HTML_ERROR_PAGE = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><script>alert(1)</script></body></html>';
const TEN_MB = 10 * 1024 * 1024;
/** 10 MB of valid JSON: a success envelope whose message is 5 MB of '<' and 5 MB of padding. */
const hugeJson = `{"error":"0","success":true,"message":"${'<'.repeat(TEN_MB / 2)}","blob":"${'x'.repeat(TEN_MB / 2)}"}`;
const hugeText = 'x'.repeat(TEN_MB);

const BROKEN: { what: string; answer: Answer; kinds: ApiErrorKind[] }[] = [
  {
    what: 'an HTML error page with status 200',
    answer: { status: 200, body: HTML_ERROR_PAGE, headers: { 'content-type': 'text/html' } },
    kinds: ['unreadable'],
  },
  {
    what: 'an HTML error page with status 500',
    answer: { status: 500, body: HTML_ERROR_PAGE, headers: { 'content-type': 'text/html' } },
    kinds: ['server'],
  },
  { what: 'an empty body with status 200', answer: { status: 200, body: '' }, kinds: ['unreadable'] },
  { what: 'an empty body with status 502', answer: { status: 502, body: '' }, kinds: ['server'] },
  { what: 'invalid JSON', answer: { status: 200, body: '{"error":0,' }, kinds: ['unreadable'] },
  { what: 'JSON that is not an object', answer: { status: 200, body: '[0]' }, kinds: ['unreadable'] },
  { what: 'JSON null', answer: { status: 200, body: 'null' }, kinds: ['unreadable'] },
  { what: 'a 10 MB body that is not JSON', answer: { status: 200, body: hugeText }, kinds: ['unreadable'] },
];

describe('broken answers, on every method', () => {
  it.each(METHOD_NAMES)('%s: HTML pages, empty bodies, invalid JSON and 10 MB bodies become typed errors', async (name) => {
    for (const { what, answer, kinds } of BROKEN) {
      const err = await failure(CALLS[name](clientAnswering(answer).api));
      expect(kinds, `${name} on ${what}: ${err.kind}`).toContain(err.kind);
      expectSafeOutcome({ ok: false, error: err });
    }
  });

  it.each(METHOD_NAMES)('%s: a 10 MB JSON body full of "<" resolves or is unreadable, quickly', async (name) => {
    const started = Date.now();
    const out = await settle(CALLS[name](clientAnswering({ status: 200, body: hugeJson }).api));
    expectSafeOutcome(out);
    if (!out.ok) expect(out.error.kind).toBe('unreadable');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.each([
    ['"<"', `<b>${'<'.repeat(TEN_MB)}`],
    ['unclosed "<script>"', `Bad request ${'<script>'.repeat(TEN_MB / 8)}`],
    ['"&lt;"', `Bad request ${'&lt;a'.repeat(TEN_MB / 5)}`],
  ])('a 10 MB error message of %s is cut short, fast, without markup', async (_, message) => {
    const started = Date.now();
    const err = await failure(clientAnswering({ status: 400, body: JSON.stringify({ error: 1, message }) }).api.getAccount());
    expect(err.kind).toBe('invalid-request');
    expect(err.message.length).toBeLessThanOrEqual(300);
    expect(err.message).not.toMatch(MARKUP);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

// ---------------------------------------------------------------------------------------
// URLs from the service that end up in href/src
// ---------------------------------------------------------------------------------------

/** Where each method carries URLs: the body that places one, and where the client returns it. */
const URL_PLACES: { where: string; call: Call; body: (url: unknown) => unknown; read: (v: any) => unknown }[] = [
  {
    where: 'getAccount → avatar',
    call: CALLS.getAccount,
    body: (url) => ({ error: 0, data: { id: 1, email: 'a@b.c', username: 'u', avatar: url, status: 'pro', expires: '', registered: '' } }),
    read: (v) => v.avatar,
  },
  {
    where: 'listChannelItems → link',
    call: CALLS.listChannelItems,
    body: (url) => ({ error: '0', data: { items: [{ type: 'links', id: 1, title: 't', preview: null, link: url, date: '2024-01-01' }] } }),
    read: (v) => v.items[0].link,
  },
  {
    where: 'listChannelItems → preview',
    call: CALLS.listChannelItems,
    body: (url) => ({ error: '0', data: { items: [{ type: 'bio', id: 1, title: 't', preview: url, link: null, date: '2024-01-01' }] } }),
    read: (v) => v.items[0].preview,
  },
  {
    where: 'listQrs → link',
    call: CALLS.listQrs,
    body: (url) => ({ error: '0', data: { qrs: [{ id: 1, link: url, scans: 3, name: 'Menu', date: '' }] } }),
    read: (v) => v.items[0].link,
  },
  {
    where: 'getQr → details.link',
    call: CALLS.getQr,
    body: (url) => ({ error: 0, details: { id: 1, link: url, scans: 3, name: 'Menu', date: '' }, data: [] }),
    read: (v) => v.details.link,
  },
  { where: 'addQr → link', call: CALLS.addQr, body: (url) => ({ error: 0, id: 5, link: url }), read: (v) => v.link },
  {
    where: 'listCampaigns → rotator',
    call: CALLS.listCampaigns,
    body: (url) => ({ error: '0', data: { campaigns: [{ id: 1, name: 'c', public: true, rotator: url, list: null }] } }),
    read: (v) => v.items[0].rotator,
  },
  {
    where: 'listCampaigns → list',
    call: CALLS.listCampaigns,
    body: (url) => ({ error: '0', data: { campaigns: [{ id: 1, name: 'c', public: true, rotator: false, list: url }] } }),
    read: (v) => v.items[0].list,
  },
  {
    where: 'addCampaign → rotator and list',
    call: CALLS.addCampaign,
    body: (url) => ({ error: 0, id: 2, domain: 'Spring', public: 1, rotator: url, list: url }),
    read: (v) => (v.rotator === v.list ? v.rotator : 'rotator and list differ'),
  },
  {
    where: 'updateCampaign → rotator and list',
    call: CALLS.updateCampaign,
    body: (url) => ({ error: 0, id: 2, domain: 'Autumn', public: 0, rotator: url, list: url }),
    read: (v) => (v.rotator === v.list ? v.rotator : 'rotator and list differ'),
  },
];

/** What a call resolves to when the service answers `body` with status 200. */
function resolvedValue(call: Call, body: unknown): Promise<unknown> {
  return call(clientAnswering({ body: JSON.stringify(body) }).api);
}

describe('URLs from the service', () => {
  it.each(URL_PLACES.map((p) => [p.where, p] as const))('%s: only http(s) is kept, everything else is null', async (_, place) => {
    for (const url of HOSTILE_URLS) {
      const value = await resolvedValue(place.call, place.body(url));
      expect(place.read(value), `${place.where} for ${JSON.stringify(url)}`).toBeNull();
    }
    for (const url of GOOD_URLS) {
      expect(place.read(await resolvedValue(place.call, place.body(url)))).toBe(url);
    }
  });

  it('shorten refuses a short link that is not http(s): the answer is unreadable, not a dangerous link', async () => {
    for (const url of [...HOSTILE_URLS, 42, null, { href: 'https://x.example' }]) {
      const body = JSON.stringify({ success: true, short_url: url, short_code: 'abc', id: 7 });
      const err = await failure(clientAnswering({ body }).api.shorten({ url: 'https://example.com' }));
      expect(err.kind, JSON.stringify(url)).toBe('unreadable');
    }
    const body = JSON.stringify({ success: true, short_url: 'https://sho.rt/abc', short_code: 'abc', id: 7 });
    expect(await clientAnswering({ body }).api.shorten({ url: 'https://example.com' })).toEqual({
      shortUrl: 'https://sho.rt/abc',
      shortCode: 'abc',
      linkId: 7,
    });
  });

  it('property: any string in any URL member comes back as null or an http(s) URL', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...URL_PLACES),
        fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom(...HOSTILE_URLS)),
        async (place, url) => {
          const out = await settle(place.call(clientAnswering({ body: JSON.stringify(place.body(url)) }).api));
          expect(out.ok).toBe(true);
          const got = place.read((out as { value: unknown }).value);
          expect(got === null || isWebUrl(got), `${place.where}: ${JSON.stringify(url)} → ${JSON.stringify(got)}`).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------
// Texts from the service (messages) are shown as text only
// ---------------------------------------------------------------------------------------

describe('messages from the service', () => {
  it.each(MARKUP_TEXTS)('an error message %j reaches the user without markup', async (text) => {
    for (const status of [200, 400, 403, 500]) {
      const err = await failure(clientAnswering({ status, body: JSON.stringify({ error: 1, message: text }) }).api.deleteQr(1));
      expectSafeOutcome({ ok: false, error: err });
    }
    const shortenErr = await failure(
      clientAnswering({ status: 400, body: JSON.stringify({ success: false, message: text }) }).api.shorten({ url: 'https://a.example' }),
    );
    expectSafeOutcome({ ok: false, error: shortenErr });
  });

  it('keeps the words of an HTML message and drops the tags and scripts', async () => {
    const body = JSON.stringify({ error: 1, message: '<p>The <b>URL</b> is <script>alert(1)</script>invalid &amp; was refused.</p>' });
    const err = await failure(clientAnswering({ status: 400, body }).api.addDomain({ domain: 'https://x.example' }));
    expect(err.message).toBe('The URL is invalid & was refused.');
  });

  it('entity-encoded markup does not come back as markup', async () => {
    const body = JSON.stringify({
      error: 1,
      message: 'Bad &lt;script&gt;alert(1)&lt;/script&gt; input &#60;img src=x onerror=alert(1)&#x3e;',
    });
    const err = await failure(clientAnswering({ status: 400, body }).api.addDomain({ domain: 'https://x.example' }));
    expect(err.message).not.toMatch(MARKUP);
    expect(err.message).toMatch(/^Bad .*input/);
  });

  it("an entity named like a built-in (&constructor;, &toString;) stays as written, never a function's source", async () => {
    const body = JSON.stringify({ error: 1, message: 'Bad &constructor; and &toString; &amp; &hasOwnProperty;' });
    const err = await failure(clientAnswering({ status: 400, body }).api.addDomain({ domain: 'https://x.example' }));
    expect(err.message).toBe('Bad &constructor; and &toString; & &hasOwnProperty;');
  });

  it('a success message with markup resolves as plain text', async () => {
    const body = JSON.stringify({ error: 0, message: '<b>Deleted</b> &lt;img src=x onerror=alert(1)&gt; <i>ok</i>' });
    const { message } = await clientAnswering({ body }).api.deleteQr(1);
    expect(message).not.toMatch(MARKUP);
    expect(message).toMatch(/Deleted.*ok/);
  });

  it('a message that is not text (object, array, number, broken toString) never throws a TypeError', async () => {
    for (const message of [{ toString: 'x' }, { valueOf: 1, toString: 2 }, [{ toString: 1 }], ['<b>a</b>', 'b'], 42, true, null, {}]) {
      for (const api of [
        clientAnswering({ status: 400, body: JSON.stringify({ error: 1, message }) }).api,
        clientAnswering({ body: JSON.stringify({ error: 0, message }) }).api,
      ]) {
        expectSafeOutcome(await settle(api.deleteChannel(1)));
      }
    }
  });

  it('error messages stay short (at most ~600 characters) whatever the service says', async () => {
    const long = 'Something went wrong. '.repeat(5_000);
    for (const status of [200, 400, 401, 403, 404, 500]) {
      const err = await failure(clientAnswering({ status, body: JSON.stringify({ error: 1, message: long }) }).api.getAccount());
      expect(err.message.length, `status ${status}`).toBeLessThanOrEqual(600);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Shapes: wrong types, missing and extra members, unknown enumeration values
// ---------------------------------------------------------------------------------------

const account = (over: Record<string, unknown>) =>
  JSON.stringify({
    error: 0,
    data: { id: 1, email: 'a@b.c', username: 'u', avatar: null, status: 'pro', expires: '', registered: '', ...over },
  });

describe('records of unexpected shapes', () => {
  it('wrong types: an unusable id makes the answer unreadable; numbers as strings are read', async () => {
    for (const id of ['abc', null, {}, [], 1.5, -3, true]) {
      const err = await failure(clientAnswering({ body: account({ id }) }).api.getAccount());
      expect(err.kind, JSON.stringify(id)).toBe('unreadable');
    }
    expect((await clientAnswering({ body: account({ id: '7' }) }).api.getAccount()).id).toBe(7);
    const acc = await clientAnswering({ body: account({ email: 42, username: { x: 1 }, status: ['pro'] }) }).api.getAccount();
    expect(acc).toMatchObject({ email: '42', username: '', status: '' });
  });

  it('missing members: a record with only an id is shown with empty texts; a list without data is unreadable', async () => {
    const acc = await clientAnswering({ body: JSON.stringify({ error: 0, data: { id: 3 } }) }).api.getAccount();
    expect(acc).toEqual({ id: 3, email: '', username: '', avatar: null, status: '', expires: '', registered: '' });
    expect((await failure(clientAnswering({ body: '{"error":"0"}' }).api.listPixels())).kind).toBe('unreadable');
    expect((await failure(clientAnswering({ body: '{"error":0}' }).api.getAccount())).kind).toBe('unreadable');
    const page = await clientAnswering({ body: '{"error":"0","data":{}}' }).api.listPixels();
    expect(page.items).toEqual([]);
  });

  it('extra members are dropped, prototype keys included, and pollute nothing', async () => {
    const body =
      '{"error":"0","data":{"pixels":[{"id":1,"type":"fbpixel","name":"A","tag":"t","date":"","isAdmin":true,' +
      '"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}],"__proto__":{"polluted":true}}}';
    const page = await clientAnswering({ body }).api.listPixels();
    expect(page.items).toEqual([{ id: 1, type: 'fbpixel', name: 'A', tag: 't', date: '' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(page.items[0], '__proto__')).toBe(false);
  });

  it('unknown enumeration values are kept and shown, not a crash', async () => {
    const pixels = await clientAnswering({
      body: JSON.stringify({ error: '0', data: { pixels: [{ id: 1, type: 'mysterypixel', name: 'M', tag: 'x', date: '' }] } }),
    }).api.listPixels();
    expect(pixels.items[0]!.type).toBe('mysterypixel');
    const overlays = await clientAnswering({
      body: JSON.stringify({ error: '0', data: { cta: [{ id: 1, type: 'poll', name: 'P', date: '' }] } }),
    }).api.listOverlays();
    expect(overlays.items[0]!.type).toBe('poll');
    const items = await clientAnswering({
      body: JSON.stringify({
        error: '0',
        data: { items: [{ type: 'video', id: 2, title: 'V', preview: null, link: 'https://v.example/2', date: '' }] },
      }),
    }).api.listChannelItems(1);
    expect(items.items[0]).toMatchObject({ type: 'video', link: 'https://v.example/2' });
    expect((await clientAnswering({ body: account({ status: 'enterprise' }) }).api.getAccount()).status).toBe('enterprise');
  });

  it('one broken item does not sink its page', async () => {
    const body = JSON.stringify({
      error: '0',
      data: { qrs: [{ id: 1, link: 'https://q.example/1', name: 'ok' }, 'junk', null, { id: 'x' }, [1]] },
    });
    const page = await clientAnswering({ body }).api.listQrs();
    expect(page.items.map((q) => q.id)).toEqual([1]);
    expect(page.dropped).toBe(4);
  });

  it('error as 0 and "0" both succeed, in any response', async () => {
    for (const error of [0, '0']) {
      expect(await clientAnswering({ body: JSON.stringify({ error, message: 'Deleted' }) }).api.deletePixel(1)).toEqual({
        message: 'Deleted',
      });
      expect((await clientAnswering({ body: JSON.stringify({ error, data: { pixels: [] } }) }).api.listPixels()).items).toEqual([]);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Rate limits, hangs and network failures through the fake fetch
// ---------------------------------------------------------------------------------------

describe('rate limits, hangs and no answer', () => {
  it('HTTP 200 with {"error":429,"Retry-After":30} is rate-limited with retryAfterMs, on every method', async () => {
    const body = '{"error":429,"message":"Too Many API Requests.","Retry-After":30}';
    for (const name of METHOD_NAMES) {
      const err = await failure(CALLS[name](clientAnswering({ body }).api));
      expect(err.kind, name).toBe('rate-limited');
      expect(err.retryAfterMs, name).toBe(30_000);
    }
  });

  it('HTTP 429 with Retry-After is rate-limited, on every method', async () => {
    for (const name of METHOD_NAMES) {
      const err = await failure(CALLS[name](clientAnswering({ status: 429, body: '', headers: { 'Retry-After': '12' } }).api));
      expect(err.kind, name).toBe('rate-limited');
      expect(err.retryAfterMs, name).toBe(12_000);
    }
  });

  it('a server asking to wait for years gets at most a day (Retry-After date, X-RateLimit-Reset, body)', async () => {
    const answers: Answer[] = [
      { status: 429, body: '', headers: { 'Retry-After': 'Wed, 21 Oct 2099 07:28:00 GMT' } },
      { status: 429, body: '', headers: { 'Retry-After': '999999999' } },
      { status: 429, body: '', headers: { 'X-RateLimit-Reset': '4102444800' } }, // 2100, epoch seconds
      { status: 200, body: '{"error":429,"Retry-After":"Wed, 21 Oct 2099 07:28:00 GMT"}' },
      { status: 200, body: '{"error":429}', headers: { 'X-RateLimit-Reset': '1e20' } },
    ];
    for (const answer of answers) {
      const err = await failure(clientAnswering(answer).api.listQrs());
      expect(err.kind).toBe('rate-limited');
      expect(err.retryAfterMs, JSON.stringify(answer)).toBeLessThanOrEqual(24 * 3600 * 1000);
    }
  });

  it('a service that never answers is a timeout', async () => {
    const hang = (init: RequestInit | undefined) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const started = Date.now();
    const err = await failure(clientAnswering(hang, 50).api.getAccount());
    expect(err.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a fetch that fails (offline, refused, CORS) is a network error', async () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    for (const name of METHOD_NAMES) expect((await failure(CALLS[name](clientAnswering(offline).api))).kind, name).toBe('network');
  });

  it('a body that breaks off mid-stream is a network error, not a crash', async () => {
    const broken = async () =>
      new Response(
        new ReadableStream({
          start(c) {
            c.enqueue(new TextEncoder().encode('{"error":0,'));
            c.error(new Error('connection reset'));
          },
        }),
      );
    expect((await failure(clientAnswering(broken).api.getAccount())).kind).toBe('network');
  });
});
