/** How long a cached list or account is served as fresh (the worker and the popup agree on it). */
export const CACHE_TTL_MS = 5 * 60_000;
