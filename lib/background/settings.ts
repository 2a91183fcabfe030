/** The preferences messages: read, and merge a checked patch. */
import { ApiError } from '../api';
import { DEFAULT_SETTINGS, settingsItem, type Settings } from '../storage';

/** The stored preferences. */
export const getSettings = (): Promise<Settings> => settingsItem.getValue();

/** Merges and stores preferences (unknown members are ignored, wrong values refused). */
export async function saveSettings(patch: Partial<Settings>): Promise<Settings> {
  const current = await settingsItem.getValue();
  const next = { ...current };
  for (const k of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (!(k in patch)) continue;
    const v = patch[k];
    const fallback = DEFAULT_SETTINGS[k];
    const ok = typeof fallback === 'boolean' ? typeof v === 'boolean' : v === null || (typeof v === 'number' && Number.isInteger(v) && v > 0);
    if (!ok) throw new ApiError({ kind: 'invalid-input', field: k, message: `${k} is not valid` });
    (next as Record<string, unknown>)[k] = v;
  }
  await settingsItem.setValue(next);
  return next;
}
