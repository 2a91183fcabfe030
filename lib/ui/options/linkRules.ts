/**
 * The options page's UTM presets and site rules (kept in this browser, per account, by the
 * worker): loaded with the account's lists, saved whole through the worker (which checks them).
 */
import type { SerializedApiError } from '@/lib/api';
import type { ProtocolMap } from '@/lib/messaging';
import type { AccountLinkRules } from '@/lib/links/linkRules';
import type { LoadState } from '@/lib/ui/store';
import { toApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';

/** The presets and rules as the page knows them. */
export interface LinkRulesState {
  state: LoadState;
  value: AccountLinkRules | null;
  error: SerializedApiError | null;
}

/** A change of presets, rules or campaigns' default presets. */
export type LinkRulesPatch = Parameters<ProtocolMap['saveLinkRules']>[0];

export interface LinkRulesActions {
  loadLinkRules(): Promise<void>;
  /** Asks for them again without showing a load (another browser's synced change landed); a failure keeps what is shown. */
  refreshLinkRules(): Promise<void>;
  /** Saves a change; rejects with the error data. */
  saveLinkRules(patch: LinkRulesPatch): Promise<AccountLinkRules>;
}

/** The state before the first load: nothing asked yet, so the section shows neither rules nor an error. */
export const idleLinkRules = (): LinkRulesState => ({ state: 'idle', value: null, error: null });

type Ask = <K extends 'getLinkRules' | 'saveLinkRules'>(type: K, ...data: Parameters<ProtocolMap[K]>) => Promise<AccountLinkRules>;

/** The slice: `current` says whether an answer still belongs to the page's connection. */
export function linkRulesSlice(ask: Ask, set: (p: { linkRules: LinkRulesState }) => void, current: () => () => boolean): LinkRulesActions {
  return {
    async loadLinkRules() {
      const still = current();
      set({ linkRules: { state: 'loading', value: null, error: null } });
      try {
        const value = await ask('getLinkRules');
        if (still()) set({ linkRules: { state: 'ready', value, error: null } });
      } catch (err) {
        if (still()) set({ linkRules: { state: 'error', value: null, error: toApiError(err, t('optionsWorkerNoAnswer')).toJSON() } });
      }
    },

    async refreshLinkRules() {
      const still = current();
      const value = await ask('getLinkRules').catch(() => null);
      if (value && still()) set({ linkRules: { state: 'ready', value, error: null } });
    },

    async saveLinkRules(patch) {
      const still = current();
      const value = await ask('saveLinkRules', patch);
      if (still()) set({ linkRules: { state: 'ready', value, error: null } });
      return value;
    },
  };
}
