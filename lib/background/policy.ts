/**
 * The organisation's policy (docs/ARCHITECTURE.md, "Managed installs"): the worker reads
 * storage.managed at start and when the browser says it changed, checks it (lib/storage/policy.ts),
 * puts its values into the preferences and stores it for the pages. The popup never reads
 * storage.managed: it finds the preset preferences in what it reads anyway.
 */
import { browser } from '@wxt-dev/browser';
import { ApiError } from '@/lib/api';
import { EMPTY_POLICY, isLocked, MANAGED_SETTINGS, parsePolicy, type ManagedPolicy } from '@/lib/storage/policy';
import { policyItem, settingsItem, type Settings } from '@/lib/storage';

/** The raw managed storage; null when there is none (Firefox throws without a policy, Chrome answers {}). */
export async function readManaged(): Promise<unknown> {
  try {
    return await browser.storage.managed.get();
  } catch {
    return null;
  }
}

/** The policy the worker applied last (none: the empty policy). */
export async function currentPolicy(): Promise<ManagedPolicy> {
  return (await policyItem.getValue())?.policy ?? EMPTY_POLICY;
}

/**
 * Puts a policy's values into the preferences: a locked value always, an unlocked default once
 * per value (the user's later choice stays), and the names in `again` anew (another account
 * starts without domain, campaign and channel ids: the organisation's default comes back).
 */
export async function applyPolicy(policy: ManagedPolicy, again: readonly string[] = []): Promise<void> {
  const applied = { ...((await policyItem.getValue())?.applied ?? {}) };
  const patch: Partial<Record<keyof Settings, unknown>> = {};
  for (const key of MANAGED_SETTINGS) {
    const preset = policy.settings[key];
    if (!preset) {
      delete applied[key];
      continue;
    }
    if (preset.locked || applied[key] !== preset.value || again.includes(key)) patch[key] = preset.value;
    applied[key] = preset.value;
  }
  const settings = await settingsItem.getValue();
  if (Object.entries(patch).some(([k, v]) => settings[k as keyof Settings] !== v))
    await settingsItem.setValue({ ...settings, ...(patch as Partial<Settings>) });
  await policyItem.setValue({ policy, applied });
}

/** Reads, checks and applies the policy; what it ignored is logged for the administrator (never a key). */
export async function loadPolicy(read: () => Promise<unknown> = readManaged): Promise<ManagedPolicy> {
  const policy = parsePolicy(await read());
  // Names and reasons only: a value ignored (a key put in a policy among them) is never logged.
  for (const { key: member, reason } of policy.ignored) console.warn(`LinkShort policy: "${member}" ignored: ${reason}`);
  await applyPolicy(policy);
  return policy;
}

/** Refuses a change of a preference the policy locks (its own value may be sent again). */
export async function refuseLocked(patch: Record<string, unknown>): Promise<void> {
  const policy = await currentPolicy();
  const set = policy.settings as Record<string, { value: unknown } | undefined>;
  const locked = Object.keys(patch).find((k) => isLocked(policy, k as never) && patch[k] !== set[k]?.value);
  if (locked)
    throw new ApiError({ kind: 'forbidden', field: locked, reason: 'managed-locked', message: `${locked} is set by the policy.` });
}
