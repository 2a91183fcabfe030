import { useId, useRef, useState } from 'react';
import {
  parseRulesFile,
  planImport,
  rulesFileOf,
  type ImportPlan,
  type ImportProblem,
  type NamedLists,
  type Unmatched,
} from '@/lib/links/rulesFile';
import { errorSentence } from '@/lib/i18n/errorText';
import { t, type MessageKey } from '@/lib/i18n';
import { ConfirmInline } from '@/components/common/ConfirmInline';
import { Feedback } from './Feedback';
import { useOptions } from './OptionsContext';
import { useAction } from './useAction';

/** Why an imported file was refused, in the user's language. */
function problemText(p: ImportProblem): string {
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

/** One line for each thing of the file this account will not have as the file says. */
function planLines(plan: ImportPlan): string[] {
  return [
    ...(plan.byNumber ? [t('optionsImportByNumber')] : []),
    ...plan.unmatched.map((u) =>
      u.name
        ? t('optionsImportUnmatched', u.site, t(PART_WORD[u.part]), u.name)
        : t('optionsImportUnmatchedNumber', u.site, t(PART_WORD[u.part]), u.id),
    ),
    ...plan.duplicates.map((site) => t('optionsImportDuplicate', site)),
    ...plan.empty.map((site) => t('optionsImportEmpty', site)),
  ];
}

/**
 * "Export rules" (a JSON file with the rules, the presets they name and the names of their domain,
 * campaign and channel) and "Import rules" (all of it, or nothing, with the reason; what does not
 * fit this account is listed and confirmed before anything changes).
 */
export function RulesTransfer() {
  const id = useId();
  const data = useOptions((s) => s.linkRules.value);
  const lists = useOptions((s) => s.lists);
  const save = useOptions((s) => s.saveLinkRules);
  const action = useAction();
  const input = useRef<HTMLInputElement>(null);
  const [plan, setPlan] = useState<ImportPlan | null>(null);
  const named = (): NamedLists => ({ domains: lists.domains.items, campaigns: lists.campaigns.items, channels: lists.channels.items });

  const exportRules = () => {
    if (!data) return;
    const blob = new Blob([`${JSON.stringify(rulesFileOf(data, named()), null, 2)}\n`], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'linkshort-site-rules.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  const describe = (err: unknown) => (err instanceof Error ? err.message : errorSentence(err, 'options'));

  const apply = (next: ImportPlan) =>
    void action.run(
      async () => {
        setPlan(null);
        // Its rules replace the list, its presets join the account's, in one save.
        await save({ presets: next.presets, rules: next.rules });
        return t('optionsRulesImported', next.rules.length);
      },
      { describe },
    );

  const importFile = (file: File) =>
    void action.run(
      async () => {
        setPlan(null);
        const text = await file.text().catch(() => {
          throw new Error(t('optionsImportUnreadable'));
        });
        const parsed = parseRulesFile(text);
        if (!parsed.ok) throw new Error(problemText(parsed.problem));
        const next = planImport(parsed.file, data ?? { presets: [], rules: [], campaignPresets: {} }, named());
        // What does not fit this account is said before anything is changed.
        if (planLines(next).length > 0) {
          setPlan(next);
          return undefined;
        }
        await save({ presets: next.presets, rules: next.rules });
        return t('optionsRulesImported', next.rules.length);
      },
      { describe },
    );

  return (
    <div className="stack">
      <div className="row">
        <button type="button" onClick={exportRules} disabled={!data}>
          {t('optionsExportRules')}
        </button>
        <button type="button" onClick={() => input.current?.click()} disabled={!data}>
          {t('optionsImportRules')}
        </button>
        <input
          id={`${id}-file`}
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={t('optionsImportRules')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) importFile(file);
          }}
        />
      </div>
      {plan && (
        <div className="stack import-plan">
          <ul>
            {planLines(plan).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <ConfirmInline
            question={t('optionsImportConfirm')}
            confirmLabel={t('optionsImportAnyway')}
            busy={action.busy}
            onConfirm={() => apply(plan)}
            onCancel={() => {
              setPlan(null);
              void action.run(async () => t('optionsImportCancelled'));
            }}
          />
        </div>
      )}
      <Feedback error={action.error} note={action.note} busy={action.busy} />
    </div>
  );
}
