/**
 * A short fingerprint of service URL + key: it keys the cache, the budgets and the jobs,
 * so switching accounts never shows another account's data. The key itself is not stored twice.
 */

/** The fingerprints worked out in this worker's life, by URL and key (in memory only, a few accounts). */
const known = new Map<string, Promise<string>>();
const KNOWN_MAX = 16;

/** The fingerprint of a connection; one digest per connection in a worker's life (a page's open asks it several times). */
export function fingerprintOf(serviceUrl: string, apiKey: string): Promise<string> {
  const id = `${serviceUrl}\n${apiKey}`;
  let fp = known.get(id);
  if (!fp) {
    if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
    const made = digestOf(id);
    known.set(id, made);
    // A digest refused is worked out again next time (not the one that may have replaced it since).
    made.catch(() => known.get(id) === made && known.delete(id));
    fp = made;
  }
  return fp;
}

async function digestOf(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}
