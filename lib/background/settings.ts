/** The preferences messages: read, and merge a checked patch. */
import { ApiError } from '../api';
import { isCopyFormat } from '../links/copyFormat';
import { DEFAULT_SETTINGS, settingsItem, type Settings } from '../storage';
import { createMenus, MENU_SETTINGS } from './menus';
import { refuseLocked } from './policy';

/** The stored preferences. */
export const getSettings = (): Promise<Settings> => settingsItem.getValue();

/** Whether `v` is a right value for the preference `k` (same kind as its default). */
function fits(k: keyof Settings, v: unknown): boolean {
  const fallback = DEFAULT_SETTINGS[k];
  if (typeof fallback === 'boolean') return typeof v === 'boolean';
  if (k === 'copyFormat') return isCopyFormat(v);
  return v === null || (typeof v === 'number' && Number.isInteger(v) && v > 0);
}

/** Merges and stores preferences (unknown members are ignored, wrong values and what the policy locks refused); a menu switch rebuilds the menu at once. */
export async function saveSettings(patch: Partial<Settings>): Promise<Settings> {
  await refuseLocked(patch);
  const current = await settingsItem.getValue();
  const next = { ...current };
  for (const k of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (!(k in patch)) continue;
    const v = patch[k];
    if (!fits(k, v)) throw new ApiError({ kind: 'invalid-input', field: k, message: `${k} is not valid` });
    (next as Record<string, unknown>)[k] = v;
  }
  await settingsItem.setValue(next);
  if (MENU_SETTINGS.some((k) => next[k] !== current[k])) await createMenus(next);
  return next;
}
