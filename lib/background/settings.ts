/** The preferences messages: read, and merge a checked patch. */
import { ApiError } from '@/lib/api';
import { DEFAULT_SETTINGS, settingsItem, type Settings } from '@/lib/storage';
import { fitsSetting } from '@/lib/storage/items';
import { applyHistoryLimit } from './history';
import { createMenus, MENU_SETTINGS } from './menus';
import { refuseLocked } from './policy';
import { oneConnectionChange } from './connectionChanges';

/** The stored preferences. */
export const getSettings = (): Promise<Settings> => settingsItem.getValue();

/** Merges and stores preferences (unknown members are ignored, wrong values and what the policy locks refused); a menu switch rebuilds the menu at once. */
export const saveSettings = (patch: Partial<Settings>): Promise<Settings> => oneConnectionChange(() => save(patch));

async function save(patch: Partial<Settings>): Promise<Settings> {
  await refuseLocked(patch);
  const current = await settingsItem.getValue();
  const next = { ...current };
  for (const k of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (!(k in patch)) continue;
    const v = patch[k];
    if (!fitsSetting(k, v, DEFAULT_SETTINGS[k])) throw new ApiError({ kind: 'invalid-input', field: k, message: `${k} is not valid` });
    (next as Record<string, unknown>)[k] = v;
  }
  await settingsItem.setValue(next);
  if (next.historyLimit < current.historyLimit) await applyHistoryLimit(next.historyLimit);
  if (MENU_SETTINGS.some((k) => next[k] !== current[k])) await createMenus(next);
  return next;
}
