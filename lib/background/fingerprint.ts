/**
 * A short fingerprint of service URL + key: it keys the cache, the budgets and the jobs,
 * so switching accounts never shows another account's data. The key itself is not stored twice.
 */
export async function fingerprintOf(serviceUrl: string, apiKey: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${serviceUrl}\n${apiKey}`);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('');
}
