/**
 * What an import of exported rules will do, in the user's language: why a file is refused, and the
 * lines shown before anything changes (what does not fit this account, the account the file came
 * from when it is another, each member of its QR style that is refused and why).
 */
import type { ImportPlan, ImportProblem, FileAccount, Unmatched } from '@/lib/links/rulesFile';
import type { StylePlan, StyleRefusal } from '@/lib/links/styleFile';
import { MAX_LOGO_BYTES, MIN_CONTRAST } from '@/lib/qr/style';
import { uiLanguage } from '@/lib/i18n/format';
import { t, type MessageKey } from '@/lib/i18n';

/** An import as planned: the rules and presets, the style, and the accounts it goes from and to. */
export interface TransferPlan {
  rules: ImportPlan;
  style: StylePlan;
  /** The organisation locks this account's QR style: the file's is not imported. */
  styleLocked: boolean;
  /** The account named by the file (absent in an older export). */
  from?: FileAccount;
  /** The account the page shows, which the import changes. */
  to: FileAccount | null;
}

/** Why an imported file was refused, in the user's language. */
export function problemText(p: ImportProblem): string {
  if (p.kind === 'not-json') return t('optionsImportNotJson');
  const [list, index, field] = p.path.split('.');
  if ((list !== 'rules' && list !== 'presets') || index === undefined) return t('optionsImportNotRules');
  const words = t(list === 'rules' ? 'optionsImportRulesWord' : 'optionsImportPresetsWord');
  return t('optionsImportBadEntry', Number(index) + 1, words, field ?? '');
}

const PART_WORD: Record<Unmatched['part'], MessageKey> = {
  domain: 'rulePartDomain',
  campaign: 'rulePartCampaign',
  channel: 'rulePartChannel',
};

const kB = (bytes: number) => String(Math.ceil(bytes / 1024));

/** The sentence for one refused member of the file's QR style. */
export function styleRefusalText(r: StyleRefusal): string {
  switch (r.member) {
    case 'foreground':
    case 'background':
      return t('optionsImportStyleColour', t(r.member === 'foreground' ? 'qrStyleForeground' : 'qrStyleBackground'));
    case 'logo':
      return r.problem.reason === 'logo-size'
        ? t('optionsImportStyleLogoSize', kB(r.problem.bytes), kB(MAX_LOGO_BYTES))
        : t('optionsImportStyleLogoType');
    case 'colours':
      return r.problem.reason === 'inverted'
        ? t('optionsImportStyleInverted')
        : t(
            'optionsImportStyleContrast',
            r.problem.ratio.toLocaleString(uiLanguage(), { minimumFractionDigits: 1 }),
            MIN_CONTRAST.toLocaleString(uiLanguage()),
          );
    case 'style':
      return t('optionsImportStyleNotStyle');
  }
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
/** Whether the file names another account than the one shown (by service and name). */
const otherAccount = (plan: TransferPlan) =>
  !!plan.from &&
  !!plan.to &&
  (!same(plan.from.service.replace(/\/+$/, ''), plan.to.service.replace(/\/+$/, '')) || !same(plan.from.name, plan.to.name));

/** One line for each thing of the file this account will not have as the file says (none: imported at once). */
export function planLines(plan: TransferPlan): string[] {
  const { rules } = plan;
  return [
    ...(otherAccount(plan) ? [t('optionsImportFromAccount', plan.from!.name, plan.from!.service, plan.to!.name, plan.to!.service)] : []),
    ...(rules.byNumber ? [t('optionsImportByNumber')] : []),
    ...rules.unmatched.map((u) =>
      u.name
        ? t('optionsImportUnmatched', u.site, t(PART_WORD[u.part]), u.name)
        : t('optionsImportUnmatchedNumber', u.site, t(PART_WORD[u.part]), u.id),
    ),
    ...rules.duplicates.map((site) => t('optionsImportDuplicate', site)),
    ...rules.empty.map((site) => t('optionsImportEmpty', site)),
    ...(plan.styleLocked && (plan.style.style || plan.style.refused.length) ? [t('optionsImportStyleLocked')] : []),
    ...(plan.styleLocked ? [] : plan.style.refused.map(styleRefusalText)),
  ];
}
