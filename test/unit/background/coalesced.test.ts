import { describe, expect, it } from 'vitest';
import { coalesced } from '@/lib/background/serialize';

/** A stored value whose writes the test counts, each held until the test lets it end. */
function item<T>(initial: T) {
  let value = initial;
  const writes: T[] = [];
  let release: () => void = () => {};
  let held = false;
  const waiters: (() => void)[] = [];
  return {
    read: async () => value,
    write: async (v: T) => {
      writes.push(v);
      if (held) await new Promise<void>((r) => (release = r));
      value = v;
      waiters.splice(0).forEach((w) => w());
    },
    hold: () => (held = true),
    letGo: () => ((held = false), release()),
    /** Resolves once a write has begun. */
    writing: () => new Promise<void>((r) => (writes.length > 0 ? r() : setTimeout(() => r(), 0))),
    writes,
    get value() {
      return value;
    },
  };
}

describe('coalesced: changes of one stored value asked for together', () => {
  it('ten changes asked while a write is under way are written in one more write, none lost', async () => {
    const stored = item<number[]>([]);
    const writes = coalesced(stored.read, stored.write);
    stored.hold();
    const first = writes.change((v) => [...v, 0]);
    while (stored.writes.length === 0) await stored.writing();
    const rest = Array.from({ length: 10 }, (_, i) => writes.change((v) => [...v, i + 1]));
    stored.letGo();
    const values = await Promise.all([first, ...rest]);
    expect(stored.value).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The first write was held: the ten asked meanwhile went together (two writes; one each made eleven).
    expect(stored.writes).toHaveLength(2);
    // Each caller has the value after its own change.
    expect(values[3]).toEqual([0, 1, 2, 3]);
  });

  it('a change that throws fails alone; the others are written', async () => {
    const stored = item({ n: 0 });
    const writes = coalesced(stored.read, stored.write);
    const results = await Promise.allSettled([
      writes.change((v) => ({ n: v.n + 1 })),
      writes.change(() => {
        throw new Error('bad row');
      }),
      writes.change((v) => ({ n: v.n + 10 })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(stored.value).toEqual({ n: 11 });
  });

  it('keeps order around a step of its own: a change asked after it is applied after it', async () => {
    const stored = item<string[]>([]);
    const writes = coalesced(stored.read, stored.write);
    const a = writes.change((v) => [...v, 'a']);
    const other = writes.alone(async () => stored.write(['new batch']));
    const b = writes.change((v) => [...v, 'b']);
    await Promise.all([a, other, b]);
    expect(stored.value).toEqual(['new batch', 'b']);
  });

  it('writes nothing when no change changed the value', async () => {
    const stored = item<string | null>(null);
    const writes = coalesced(stored.read, stored.write);
    await writes.change((v) => v);
    expect(stored.writes).toHaveLength(0);
  });
});
