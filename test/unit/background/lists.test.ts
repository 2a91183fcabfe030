import { describe, expect, it } from 'vitest';
import { createLists } from '@/lib/background/lists';
import type { SessionHolder } from '@/lib/background/session';

/** A worker with no account connected: a name refused before it looks for one is refused as a wrong name. */
const notConnected = {
  get: async () => null,
  require: async () => {
    throw new Error('not connected');
  },
} as unknown as SessionHolder;

describe('list and change names from a page', () => {
  it('a name every object has (constructor, toString, __proto__) is no list and no change', async () => {
    const lists = createLists(notConnected);
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      await expect(lists.getList({ name } as never), name).rejects.toMatchObject({ kind: 'invalid-input', field: 'name' });
      await expect(lists.mutate({ op: name, args: [], account: 'x' } as never), name).rejects.toMatchObject({
        kind: 'invalid-input',
        field: 'op',
      });
    }
  });
});
