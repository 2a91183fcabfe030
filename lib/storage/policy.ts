/**
 * What an organisation may preset through the browser's extension policy (Chrome's
 * `storage.managed` with public/managed_schema.json, Firefox's `3rdparty` policies): read by the
 * worker, checked here value by value. A bad value is ignored with a reason and never stops the
 * others. The API key is never taken from a policy (docs/ARCHITECTURE.md, "Managed installs").
 */
import * as z from 'zod/mini';
import { checkServiceUrl } from '@/lib/links/serviceUrl';
import { lazySchema } from '@/lib/api/lazySchema';
import { ORG_MEMBERS, readOrgMember, type OrgConventions } from '@/lib/links/orgRules';

/** The preferences a policy may set (by the same names as in the policy file). */
export const MANAGED_SETTINGS = ['defaultDomainId', 'defaultCampaignId', 'defaultChannelId', 'keepHistory', 'keepPrivateHistory'] as const;
export type ManagedSetting = (typeof MANAGED_SETTINGS)[number];
/** Everything a policy may name in `locked`. */
export type Lockable = ManagedSetting | 'serviceUrl';

/** One preset value and whether the user may change it. */
export interface Preset<T> {
  value: T;
  locked: boolean;
}

/** A policy as checked: what it sets, and what it named that was ignored (with why). */
export interface ManagedPolicy {
  serviceUrl?: Preset<string>;
  settings: { [K in ManagedSetting]?: Preset<K extends `keep${string}` ? boolean : number> };
  ignored: { key: string; reason: string }[];
  /** The organisation's UTM presets, site rules and QR style, for the policy's service URL only. */
  org?: OrgConventions;
}

export const EMPTY_POLICY: ManagedPolicy = { settings: {}, ignored: [] };

const id = lazySchema(() => z.number({ error: 'not a number' }).check(z.int('not a whole number'), z.positive('not a positive number')));
const trueOrFalse = lazySchema(() => z.boolean({ error: 'not true or false' }));
/** Each member's schema; `serviceUrl` is checked by the same rule as the options page's field. */
const FIELDS: Record<ManagedSetting, z.ZodMiniType> = {
  defaultDomainId: id,
  defaultCampaignId: id,
  defaultChannelId: id,
  keepHistory: trueOrFalse,
  keepPrivateHistory: trueOrFalse,
};
const LOCKABLE = new Set<string>(['serviceUrl', ...MANAGED_SETTINGS]);

/** Checks the raw managed storage: every member on its own, bad ones ignored with a reason. */
export function parsePolicy(raw: unknown): ManagedPolicy {
  const policy: ManagedPolicy = { settings: {}, ignored: [] };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return policy;
  const input = raw as Record<string, unknown>;
  const locked = new Set<string>();
  if (Object.hasOwn(input, 'locked')) {
    const list = z.array(z.string()).safeParse(input.locked);
    if (!list.success) policy.ignored.push({ key: 'locked', reason: 'not a list of names' });
    for (const name of list.success ? list.data : []) {
      if (LOCKABLE.has(name)) locked.add(name);
      else policy.ignored.push({ key: `locked.${name}`, reason: 'not a setting a policy can lock' });
    }
  }
  for (const [key, value] of Object.entries(input)) {
    if (key === 'locked' || value === undefined || value === null) continue;
    // A member that cannot be read is ignored alone: the rest (a locked service URL) still applies.
    try {
      readMember(policy, key, value, locked.has(key));
    } catch {
      policy.ignored.push({ key, reason: 'unreadable' });
    }
  }
  if (policy.org && !policy.serviceUrl) {
    for (const key of ORG_MEMBERS)
      if (Object.hasOwn(input, key)) policy.ignored.push({ key, reason: "set for the policy's serviceUrl, and it sets none" });
    delete policy.org;
  }
  for (const name of locked) {
    const set = name === 'serviceUrl' ? policy.serviceUrl : policy.settings[name as ManagedSetting];
    if (!set) policy.ignored.push({ key: `locked.${name}`, reason: 'locked without a valid value' });
  }
  return policy;
}

/** Checks one member; a name is looked up among the policy's own settings only (never `constructor`, `toString`…). */
function readMember(policy: ManagedPolicy, key: string, value: unknown, locked: boolean): void {
  if (key === 'serviceUrl') {
    const checked = typeof value === 'string' ? checkServiceUrl(value) : null;
    if (checked?.ok) policy.serviceUrl = { value: checked.url, locked };
    else policy.ignored.push({ key, reason: `not a service URL (${checked ? checked.problem : 'not text'})` });
    return;
  }
  if ((ORG_MEMBERS as readonly string[]).includes(key)) {
    policy.org ??= {};
    readOrgMember(policy.org, key as (typeof ORG_MEMBERS)[number], value, policy.ignored);
    return;
  }
  if (!Object.hasOwn(FIELDS, key)) {
    // An API key in a policy would be readable by every extension page and every admin tool: refused.
    policy.ignored.push({ key, reason: /key/i.test(key) ? 'an API key is never taken from a policy' : 'unknown setting' });
    return;
  }
  const parsed = FIELDS[key as ManagedSetting].safeParse(value);
  if (!parsed.success) policy.ignored.push({ key, reason: parsed.error.issues[0]?.message ?? 'wrong type' });
  else (policy.settings as Record<string, Preset<unknown>>)[key] = { value: parsed.data, locked };
}

/** Whether the policy locks a setting (the page disables it; the worker refuses a change). */
export function isLocked(policy: ManagedPolicy | null | undefined, name: Lockable): boolean {
  if (!policy) return false;
  return name === 'serviceUrl' ? !!policy.serviceUrl?.locked : !!policy.settings[name]?.locked;
}

/** The names the policy sets, for the page's "set by your organisation" line. */
export function presetNames(policy: ManagedPolicy | null | undefined): Lockable[] {
  if (!policy) return [];
  const names: Lockable[] = policy.serviceUrl ? ['serviceUrl'] : [];
  return [...names, ...MANAGED_SETTINGS.filter((k) => policy.settings[k])];
}
