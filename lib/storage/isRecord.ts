/** Whether a value is a plain object (not null, not an array): the first check of any stored or received value. */
export const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
