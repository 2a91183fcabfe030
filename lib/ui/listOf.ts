/**
 * An answer that should be a list, as a list (a confused worker must not break a page). A module
 * of its own so that the popup's lazy parts need not import the store kit (lib/ui/store.ts): when
 * they do, the bundler splits the popup's first script into shared chunks, which weigh more.
 */
export const listOf = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
