/**
 * UTM presets and site rules in the worker: the options page reads and saves them here (per
 * account, by the session's fingerprint), and the menu, the shortcut, the address bar and the
 * bulk page get the choices of the rule matching an address (resolveRule).
 */
import * as z from 'zod/mini';
import { ApiError } from '@/lib/api';
import { SiteRuleSchema, UtmPresetSchema, type AccountLinkRules } from '@/lib/links/linkRules';
import { linkRulesItem, readLinkRules } from '@/lib/storage/linkRules';
import { serializer } from './serialize';
import { checkShownAccount } from './shownAccount';
import type { SessionHolder } from './session';
import { lazySchema } from '@/lib/api/lazySchema';
import { conventionsSaved } from './conventionEvents';
import type { OrgConventions } from '@/lib/links/orgRules';
import { policyItem } from '@/lib/storage';
import { orgServiceUrl } from './connectionState';

const write = serializer();

/** What a page may save: any of the three lists, each whole and valid. */
const SaveSchema = lazySchema(() =>
  z.object({
    presets: z.optional(z.array(UtmPresetSchema).check(z.maxLength(1000))),
    rules: z.optional(z.array(SiteRuleSchema).check(z.maxLength(1000))),
    campaignPresets: z.optional(z.record(z.string().check(z.regex(/^\d+$/)), z.string().check(z.minLength(1), z.maxLength(100)))),
  }),
);
/** A change of presets, rules or campaigns' default presets. */
export type LinkRulesPatch = z.infer<typeof SaveSchema>;

/** Stores an account's record (one write at a time, other accounts untouched). */
export function writeAccountRules(fingerprint: string, change: (current: AccountLinkRules) => AccountLinkRules): Promise<AccountLinkRules> {
  return write(async () => {
    const current = await readLinkRules(fingerprint);
    const next = change(current);
    if (next === current) return current;
    const all = await linkRulesItem.getValue();
    await linkRulesItem.setValue({ ...all, [fingerprint]: next });
    conventionsSaved(fingerprint);
    return next;
  });
}

/** The organisation's presets, rules and QR style when the policy sets them for this service (else null). */
export async function orgConventionsFor(serviceUrl: string): Promise<OrgConventions | null> {
  if ((await orgServiceUrl()) !== serviceUrl) return null;
  return (await policyItem.getValue())?.policy.org ?? null;
}

/** The link-rules messages of the current connection. */
export function createLinkRules(sessions: SessionHolder) {
  return {
    /** The account's own presets and rules, and beside them (`org`) the organisation's for this service. */
    async getLinkRules(): Promise<AccountLinkRules> {
      const s = await sessions.require();
      conventionsSaved(s.fingerprint); // a page shows them: another browser's changes are looked for
      const org = await orgConventionsFor(s.connection.serviceUrl);
      return { ...(await readLinkRules(s.fingerprint)), ...(org ? { org } : {}) };
    },

    /** Saves presets, rules or campaigns' default presets; a bad value is refused whole. */
    async saveLinkRules(patch: LinkRulesPatch): Promise<AccountLinkRules> {
      const checked = SaveSchema.safeParse(patch ?? {});
      if (!checked.success) {
        const field = checked.error.issues[0]?.path.join('.') || 'rules';
        throw new ApiError({ kind: 'invalid-input', field, message: `${field} is not valid` });
      }
      const s = await sessions.require();
      checkShownAccount(s, (patch as { account?: unknown } | undefined)?.account);
      const saved = await writeAccountRules(s.fingerprint, (current) => ({ ...current, ...checked.data }));
      const org = await orgConventionsFor(s.connection.serviceUrl);
      return { ...saved, ...(org ? { org } : {}) };
    },
  };
}
