/**
 * An answer that should be a list, as a list (a confused worker must not break a page). A module
 * of its own: the popup's lazy parts importing the store kit (lib/ui/store.ts) made the bundler
 * split the popup's first script into shared chunks (about 1.3 kB gzip more, `npm run bench`).
 */
export const listOf = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
