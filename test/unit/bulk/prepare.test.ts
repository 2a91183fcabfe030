import { describe, expect, it } from 'vitest';
import { batchSizeProblem, MAX_BATCH, prepareBatch, reusableLink } from '@/lib/bulk/prepare';
import { entry } from '../popup/harness';

describe('prepareBatch', () => {
  it('keeps each address once, first spelling first', () => {
    const r = prepareBatch(['https://A.example/x', 'https://b.example/', 'https://a.example:443/x', 'https://b.example/'], false);
    expect(r.addresses.map((a) => a.url)).toEqual(['https://A.example/x', 'https://b.example/']);
    expect(r.repeats).toBe(2);
  });

  it('removes tracking parameters when the preference says so, then drops the repeats that makes', () => {
    const urls = ['https://shop.example/p?id=3&utm_source=mail', 'https://shop.example/p?id=3&fbclid=abc'];
    const cleaned = prepareBatch(urls, true);
    expect(cleaned.addresses).toEqual([{ url: 'https://shop.example/p?id=3', removed: ['utm_source'] }]);
    expect(cleaned.repeats).toBe(1);
    const kept = prepareBatch(urls, false);
    expect(kept.addresses.map((a) => a.url)).toEqual(urls);
  });
});

describe('batchSizeProblem', () => {
  it('lets 1 to 500 addresses go and refuses more, saying nothing was sent', () => {
    expect(batchSizeProblem(1)).toBeNull();
    expect(batchSizeProblem(MAX_BATCH)).toBeNull();
    expect(MAX_BATCH).toBe(500);
    expect(batchSizeProblem(501)).toMatch(/501 addresses.*at most 500.*nothing was sent/);
    expect(batchSizeProblem(0)).toMatch(/No web address/);
  });
});

describe('reusableLink', () => {
  const history = [entry({ longUrl: 'https://a.example/x', domainId: 2, shortUrl: 'https://br.and/a' })];
  it('reuses a Recent link with the same address and domain', () => {
    expect(reusableLink(history, 'https://a.example/x', 2, false)?.shortUrl).toBe('https://br.and/a');
  });
  it('does not reuse across domains, nor when new links are asked for', () => {
    expect(reusableLink(history, 'https://a.example/x', null, false)).toBeUndefined();
    expect(reusableLink(history, 'https://a.example/x', 2, true)).toBeUndefined();
  });
});
