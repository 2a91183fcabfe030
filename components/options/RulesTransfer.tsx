import { useId, useRef } from 'react';
import { parseRulesFile, rulesFileOf, type ImportProblem } from '@/lib/links/linkRules';
import { errorSentence } from '@/lib/errorText';
import { t } from '@/lib/i18n';
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

/** "Export rules" (a JSON file with the rules and the presets they name) and "Import rules" (all of it, or nothing, with the reason). */
export function RulesTransfer() {
  const id = useId();
  const data = useOptions((s) => s.linkRules.value);
  const save = useOptions((s) => s.saveLinkRules);
  const action = useAction();
  const input = useRef<HTMLInputElement>(null);

  const exportRules = () => {
    if (!data) return;
    const blob = new Blob([`${JSON.stringify(rulesFileOf(data), null, 2)}\n`], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'linkshort-site-rules.json';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  const importFile = (file: File) =>
    void action.run(
      async () => {
        const text = await file.text().catch(() => {
          throw new Error(t('optionsImportUnreadable'));
        });
        const parsed = parseRulesFile(text);
        if (!parsed.ok) throw new Error(problemText(parsed.problem));
        // The file's presets replace those of the same id; its rules replace the list, in one save.
        const incoming = new Map(parsed.file.presets.map((p) => [p.id, p]));
        const presets = [...(data?.presets ?? []).filter((p) => !incoming.has(p.id)), ...parsed.file.presets];
        await save({ presets, rules: parsed.file.rules });
        return t('optionsRulesImported', parsed.file.rules.length);
      },
      { describe: (err) => (err instanceof Error ? err.message : errorSentence(err, 'options')) },
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
      <Feedback error={action.error} note={action.note} busy={action.busy} />
    </div>
  );
}
