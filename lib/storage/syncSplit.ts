/**
 * A record split into items of the browser's sync area and read back: each item within its quota
 * (8,192 bytes, its key's length and its value's JSON counted, as Chrome counts them), the whole
 * within the area's (102,400 bytes), a head naming how many chunks make it and how long their text
 * is, so that a record read while only some of another browser's chunks have arrived is not
 * taken (docs/ARCHITECTURE.md, "Synced conventions").
 */

/** Chrome's storage.sync quotas (Firefox's are the same or larger). */
export const SYNC_QUOTA = { perItem: 8_192, total: 102_400, writesPerMinute: 120 } as const;
/** Room kept below each quota: the browser may count a byte or two differently. */
const MARGIN = 64;
/** The items of storage.local a page follows to show what the sync brought (presets and rules, QR styles, the sync's own state). */
export const CONVENTION_KEYS = ['linkRules', 'qrStyles', 'syncShadow', 'syncConventions'] as const;
/** What every key of the extension in the sync area begins with. */
export const SYNC_PREFIX = 'ls.';

/** The head of a record: how many chunks, and the length of their joined text. */
export interface SyncHead {
  n: number;
  len: number;
  /** A checksum of the text (FNV-1a, 32 bits): chunks of two writes mixed are not taken. */
  h?: number;
}

/** FNV-1a over the text's UTF-16 code units: cheap, and enough to tell two writes apart. */
function checksum(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The key of an account's head; its chunks are `<head>.<i>`. */
export const headKey = (account: string) => `${SYNC_PREFIX}${account}`;
const chunkKey = (account: string, i: number) => `${headKey(account)}.${i}`;

const encoder = new TextEncoder();
/** Bytes an item takes: its key and its value's JSON, in UTF-8. */
export const itemBytes = (key: string, value: unknown) => encoder.encode(key).length + encoder.encode(JSON.stringify(value)).length;

/** Bytes a character takes as JSON writes it inside a string (escaped, then UTF-8). */
function jsonBytes(cp: number, ch: string): number {
  if (cp < 0x20 || ch === '"' || ch === '\\' || (cp >= 0xd800 && cp <= 0xdfff)) return JSON.stringify(ch).length - 2;
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/** Splits `text` into pieces whose items (key `chunkKey(account, i)`) fit the per-item quota; a surrogate pair is never cut. */
function chunksOf(account: string, text: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    const room = SYNC_QUOTA.perItem - MARGIN - itemBytes(chunkKey(account, out.length), '');
    let bytes = 0;
    let end = start;
    while (end < text.length) {
      const cp = text.codePointAt(end)!;
      const ch = String.fromCodePoint(cp);
      const cost = jsonBytes(cp, ch);
      if (bytes + cost > room) break;
      bytes += cost;
      end += ch.length;
    }
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

/** The items of a record, or null when they would pass the area's total quota (the record then stays in this browser). */
export function splitRecord(account: string, record: unknown): Record<string, unknown> | null {
  const text = JSON.stringify(record);
  const chunks = chunksOf(account, text);
  const items: Record<string, unknown> = {
    [headKey(account)]: { n: chunks.length, len: text.length, h: checksum(text) } satisfies SyncHead,
  };
  chunks.forEach((c, i) => (items[chunkKey(account, i)] = c));
  const total = Object.entries(items).reduce((sum, [k, v]) => sum + itemBytes(k, v), 0);
  return total > SYNC_QUOTA.total - MARGIN ? null : items;
}

/** Whether the sync area's keys of one account (its head and chunks). */
export const isAccountKey = (account: string, key: string) => key === headKey(account) || key.startsWith(`${headKey(account)}.`);

/**
 * An account's record read from the sync area's items: `absent` when it has none, `partial` when
 * its chunks do not (yet) make the text its head names, else the parsed value.
 */
export function joinRecord(
  account: string,
  items: Record<string, unknown>,
): { state: 'absent' } | { state: 'partial' } | { state: 'ok'; value: unknown } {
  const head = items[headKey(account)] as Partial<SyncHead> | undefined;
  if (head === undefined) return { state: 'absent' };
  if (!head || typeof head.n !== 'number' || typeof head.len !== 'number') return { state: 'partial' };
  let text = '';
  for (let i = 0; i < head.n; i++) {
    const c = items[chunkKey(account, i)];
    if (typeof c !== 'string') return { state: 'partial' };
    text += c;
  }
  if (text.length !== head.len || (head.h !== undefined && head.h !== checksum(text))) return { state: 'partial' };
  try {
    return { state: 'ok', value: JSON.parse(text) };
  } catch {
    return { state: 'partial' };
  }
}

/** The keys of an account's items in `present` that a new split no longer uses (a record grown shorter). */
export function staleKeys(account: string, present: string[], next: Record<string, unknown>): string[] {
  return present.filter((k) => isAccountKey(account, k) && !Object.hasOwn(next, k));
}
