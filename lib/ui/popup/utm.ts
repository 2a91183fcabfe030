/**
 * Site rules and UTM parameters in the popup: the rule in force for the page and the UTM
 * disclosure. Opening the disclosure is here (the first screen draws its button); checking the
 * stored presets and rules, applying the rule and adding the values to the Long URL is
 * utmActions.ts, loaded when the account has presets or rules, or when the disclosure opens.
 */
import type { AccountLinkRules } from '@/lib/links/linkRules';
import type { MissingPart } from '@/lib/links/ruleChoices';
import type { UtmField } from '@/lib/links/utm';
import type { Later, SliceKit } from '@/lib/ui/store';

/** The site rule in force for the page: what it names (null: not named) and what of it no longer exists. */
export interface PopupRule {
  site: string;
  org?: boolean; // org: the organisation's rule (its policy's)
  domainId: number | null;
  campaignId: number | null;
  channelId: number | null;
  missing: MissingPart[];
}

/** The UTM disclosure: its values, the preset chosen, and the address they were added to. */
export interface PopupUtm {
  open: boolean;
  values: Record<UtmField, string>;
  /** '' = no preset. */
  presetId: string;
  /** The user changed a value or the preset: the rule and the campaign no longer choose them. */
  edited: boolean;
  /** The address before the UTM parameters (null: the Long URL as it is). */
  base: string | null;
  /** The address's own utm_* that the fields replace (the fields win: Long URL shows what they say). */
  replaced: string[];
  /** Adding them would pass the length limit: not added. */
  tooLong: boolean;
}

/** Site rules and UTM parameters' actions, loaded on first use (utmActions.ts). */
export interface UtmLater {
  /** Checks the stored presets and rules and applies the rule matching the page (its choices and preset). */
  applyRules(): Promise<void>;
  /** Adds the UTM values to the Long URL again (after the cleaning, "Keep them", a change). */
  refreshUtm(): Promise<void>;
  setUtmField(field: UtmField, value: string): Promise<void>;
  setUtmPreset(presetId: string): Promise<void>;
  /** The campaign changed: its default preset applies unless the user or a rule chose one. */
  followCampaign(): Promise<void>;
}

/** The rules' and UTM part of the popup's state. */
export interface UtmState {
  /** The account's stored presets and rules as storage gave them (checked when the UTM code loads). */
  linkRulesRaw: unknown;
  /** The same, checked (null until then). */
  linkRules: AccountLinkRules | null;
  rule: PopupRule | null;
  utm: PopupUtm;
  /** Opens or closes the UTM disclosure. */
  toggleUtm(): void;
  /** The actions that load on first use, each waiting for its code on its first call. */
  utmActions: Later<UtmLater>;
}

/** No rule known at the popup's open, the disclosure closed and empty; its button (the first screen draws it). */
export function utmSlice({ set, get }: SliceKit<UtmState>): Omit<UtmState, 'utmActions'> {
  return {
    linkRulesRaw: null,
    linkRules: null,
    rule: null,
    utm: {
      open: false,
      values: { source: '', medium: '', campaign: '', term: '', content: '' },
      presetId: '',
      edited: false,
      base: null,
      replaced: [],
      tooLong: false,
    },
    toggleUtm() {
      const { utm, linkRules } = get();
      set({ utm: { ...utm, open: !utm.open } });
      // The presets are checked when the disclosure first opens (if no rule needed them before).
      if (!utm.open && !linkRules) void get().utmActions.applyRules();
    },
  };
}
