import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/api/lazySchema';
import { CampaignSchema, listPageSchema } from '@/lib/api/schemas';
import { checkInput, ShortenInput } from '@/lib/api/inputs';
import { ApiError } from '@/lib/api/errors';

describe('lazySchema', () => {
  it('builds the schema on its first use only, and once', () => {
    let built = 0;
    const s = lazySchema(() => (built++, z.object({ id: z.number() })));
    expect(built).toBe(0);
    expect(s.parse({ id: 1, extra: true })).toEqual({ id: 1 });
    expect(s.safeParse({ id: 'x' }).success).toBe(false);
    expect(built).toBe(1);
  });

  it('stands for the schema inside other schemas, with its methods, shape and class', () => {
    const id = lazySchema(() => z.int().check(z.positive()));
    const item = lazySchema(() => z.object({ id, name: z.optional(z.string()) }));
    const wider = lazySchema(() => z.extend(item, { tag: z.string() }));
    expect(z.array(item).parse([{ id: 2 }])).toEqual([{ id: 2 }]);
    expect(wider.parse({ id: 3, tag: 't' })).toEqual({ id: 3, tag: 't' });
    expect(z.partial(item).parse({})).toEqual({});
    expect(Object.keys(item.shape)).toEqual(['id', 'name']);
    expect(z.optional(id).parse(undefined)).toBeUndefined();
    expect(id.check(z.lte(5)).safeParse(6).success).toBe(false);
    expect(item instanceof z.ZodMiniObject).toBe(true);
    expect({ ...lazySchema(() => ({ a: 1, b: 2 })) }).toEqual({ a: 1, b: 2 });
  });

  it('keeps the service’s schemas and the inputs’ checks as they were', () => {
    const page = listPageSchema('campaigns', CampaignSchema).parse({
      error: 0,
      data: { result: '2', campaigns: [{ id: '4', name: 'A', public: '1' }, { id: 'x' }] },
    });
    expect(page.items).toEqual([{ id: 4, name: 'A', public: true, rotator: null, list: null }]);
    expect(page.dropped).toBe(1);
    expect(checkInput(ShortenInput, { url: 'https://example.org/a' })).toEqual({ url: 'https://example.org/a' });
    expect(() => checkInput(ShortenInput, { url: 'ftp://x' })).toThrow(ApiError);
  });
});
