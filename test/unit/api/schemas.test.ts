// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  AccountResponse,
  CampaignResponse,
  CampaignSchema,
  DomainSchema,
  listPageSchema,
  PixelSchema,
  QrDetailResponse,
  ShortenResponse,
  ChannelItemSchema,
  MessageResponse,
} from '@/lib/api';

describe('response schemas and the quirks of the interface', () => {
  it('accepts error as 0 and as "0", and refuses anything else as success', () => {
    expect(MessageResponse.safeParse({ error: 0, message: 'ok' }).success).toBe(true);
    expect(MessageResponse.safeParse({ error: '0', message: 'ok' }).success).toBe(true);
    expect(MessageResponse.safeParse({ error: 1, message: 'bad' }).success).toBe(false);
  });

  it('reads a list page whose nextpage is null and whose items carry unknown members', () => {
    const page = listPageSchema('pixels', PixelSchema).parse({
      error: '0',
      data: {
        result: '3',
        perpage: 15,
        currentpage: 1,
        nextpage: null,
        maxpage: 1,
        pixels: [
          { id: 1, type: 'fbpixel', name: 'A', tag: 't1', date: '2024-01-01 00:00:00', extra: 'x' },
          { id: '2', type: 'newnetwork', name: 'B', tag: 't2', date: '2024-01-01 00:00:00' },
          { id: 'not-a-number', type: 'fbpixel' },
        ],
      },
    });
    expect(page.nextpage).toBeNull();
    expect(page.result).toBe(3);
    expect(page.items.map((p) => p.type)).toEqual(['fbpixel', 'newnetwork']);
    expect(page.items[1]!.id).toBe(2);
    expect(page.dropped).toBe(1);
    expect(page.items[0]).not.toHaveProperty('extra');
  });

  it('takes a campaign name from `domain` and a false rotator as none', () => {
    const fromList = CampaignSchema.parse({ id: 3, domain: 'Spring', public: true, rotator: false, list: 'https://s.example/l/3' });
    expect(fromList).toEqual({ id: 3, name: 'Spring', public: true, rotator: null, list: 'https://s.example/l/3' });
    const created = CampaignResponse.parse({
      error: 0,
      id: 9,
      domain: 'Autumn',
      public: 0,
      rotator: 'https://s.example/r/a',
      list: 'https://s.example/l/9',
    });
    expect(created.name).toBe('Autumn');
    expect(created.public).toBe(false);
    expect(created.rotator).toBe('https://s.example/r/a');
  });

  it('keeps shared domains with a null id', () => {
    expect(DomainSchema.parse({ id: null, domain: 'https://shared.example', redirectroot: '', redirect404: '' }).id).toBeNull();
  });

  it('drops javascript: and data: URLs from records', () => {
    const item = ChannelItemSchema.parse({
      type: 'links',
      id: 1,
      title: 't',
      preview: 'javascript:alert(1)',
      link: 'data:text/html,x',
      date: '2024-01-01',
    });
    expect(item.preview).toBeNull();
    expect(item.link).toBeNull();
    const acc = AccountResponse.parse({
      error: 0,
      data: { id: 1, email: 'a@b.c', username: 'u', avatar: 'javascript:x', status: 'free', expires: '', registered: '' },
    });
    expect(acc.avatar).toBeNull();
  });

  it('reads QR statistics with string counts, and [] as empty statistics', () => {
    const full = QrDetailResponse.parse({
      error: 0,
      details: { id: 1, link: 'https://s.example/qr/1', scans: '12', name: 'Q', date: '2024-01-01 00:00:00' },
      data: {
        clicks: 12,
        uniqueClicks: '9',
        topCountries: { Germany: '5', France: '2' },
        topReferrers: {},
        topBrowsers: { Chrome: '7' },
        topOs: {},
        socialCount: { a: 1, b: 0, c: 2 },
      },
    });
    expect(full.details.scans).toBe(12);
    expect(full.stats.uniqueClicks).toBe(9);
    expect(full.stats.topCountries).toEqual({ Germany: 5, France: 2 });
    expect(full.statsEmpty).toBe(false);
    const empty = QrDetailResponse.parse({
      error: 0,
      details: { id: 2, link: 'https://s.example/qr/2', scans: 0, name: 'E', date: '' },
      data: [],
    });
    expect(empty.statsEmpty).toBe(true);
    expect(empty.stats.clicks).toBe(0);
    const missing = QrDetailResponse.parse({ error: 0, details: { id: 3, link: 'https://s.example/qr/3', scans: 0, name: 'M', date: '' } });
    expect(missing.statsEmpty).toBe(true);
  });

  it('reads the success envelope of the shortening group, with or without the link id', () => {
    expect(ShortenResponse.parse({ success: true, short_url: 'https://sho.rt/abc', short_code: 'abc', id: 42 })).toEqual({
      shortUrl: 'https://sho.rt/abc',
      shortCode: 'abc',
      linkId: 42,
    });
    expect(ShortenResponse.parse({ success: true, short_url: 'https://sho.rt/abc', short_code: 'abc' }).linkId).toBeNull();
    expect(ShortenResponse.safeParse({ success: true, short_url: 'javascript:alert(1)', short_code: 'x' }).success).toBe(false);
  });
});

describe('rate groups', () => {
  it('put shorten and delete-link in the shortening group, also under a base path', async () => {
    const { groupOfPath } = await import('@/lib/api');
    expect(groupOfPath('/api/shorten')).toBe('shorten');
    expect(groupOfPath('/links/api/shorten')).toBe('shorten');
    expect(groupOfPath('/links/api/delete-link')).toBe('shorten');
    expect(groupOfPath('/links/api/account')).toBe('main');
    expect(groupOfPath('/api/shortener-stats')).toBe('main');
  });
});
