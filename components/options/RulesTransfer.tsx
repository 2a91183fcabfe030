import { useId, useRef, useState } from 'react';
import { parseRulesFile, planImport, rulesFileOf, type FileAccount, type NamedLists } from '@/lib/links/rulesFile';
import { fileStyleOf, planStyle } from '@/lib/links/styleFile';
import { DEFAULT_QR_STYLE, type QrStyle } from '@/lib/qr/style';
import { loadQrStyle, saveQrStyle } from '@/lib/ui/qrStyle';
import { errorSentence } from '@/lib/i18n/errorText';
import { t } from '@/lib/i18n';
import { ConfirmInline } from '@/components/common/ConfirmInline';
import { Feedback } from './Feedback';
import { useOptions } from './OptionsContext';
import { useAction } from './useAction';
import { planLines, problemText, type TransferPlan } from './RulesTransferPlan';

/** The account's style, as far as the worker tells it (null: it could not be asked; the file then goes without one). */
const currentStyle = (): Promise<QrStyle | null> => loadQrStyle().catch(() => null);

/**
 * "Export rules" (a JSON file with the rules, the presets they name and the names of their domain,
 * campaign and channel, the account it comes from by service and name, and the account's own QR
 * style) and "Import rules" (the rules all or nothing, with the reason; the style member by member;
 * what does not fit this account is listed and confirmed before anything changes).
 */
export function RulesTransfer() {
  const id = useId();
  const data = useOptions((s) => s.linkRules.value);
  const lists = useOptions((s) => s.lists);
  const connection = useOptions((s) => s.connection);
  const account = useOptions((s) => s.account.value);
  const save = useOptions((s) => s.saveLinkRules);
  const action = useAction();
  const input = useRef<HTMLInputElement>(null);
  const [plan, setPlan] = useState<TransferPlan | null>(null);
  const named = (): NamedLists => ({ domains: lists.domains.items, campaigns: lists.campaigns.items, channels: lists.channels.items });
  // The account by name: its service and its name there (the connection's own name when the account has none known).
  const here = (): FileAccount | null =>
    connection?.serviceUrl
      ? { service: connection.serviceUrl, name: account?.username || account?.email || connection.name || connection.serviceUrl }
      : null;

  const exportRules = () =>
    void action.run(async () => {
      if (!data) return;
      const style = await currentStyle();
      // The organisation's style comes with its policy: only the user's own goes in the file.
      const file = rulesFileOf(data, named(), {
        account: here() ?? undefined,
        style: style && !style.org ? fileStyleOf(style) : undefined,
      });
      const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = 'linkshort-site-rules.json';
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    });

  const describe = (err: unknown) => (err instanceof Error ? err.message : errorSentence(err, 'options'));

  /** Its rules replace the list, its presets join the account's, in one save; then the style, on the account the page shows. */
  async function land(next: TransferPlan): Promise<string> {
    await save({ presets: next.rules.presets, rules: next.rules.rules });
    const done = t('optionsRulesImported', next.rules.rules.length);
    if (!next.style.style || next.styleLocked) return done;
    const { org: _org, ...style } = next.style.style;
    await saveQrStyle(style, connection?.fingerprint ? { account: connection.fingerprint } : {}).catch((err: unknown) => {
      throw new Error(`${done} ${t('optionsImportStyleFailed', errorSentence(err, 'options'))}`);
    });
    return `${done} ${t('optionsImportStyleDone')}`;
  }

  const apply = (next: TransferPlan) =>
    void action.run(
      async () => {
        setPlan(null);
        return land(next);
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
        const style = parsed.file.qrStyle === undefined ? null : await currentStyle();
        const next: TransferPlan = {
          rules: planImport(parsed.file, data ?? { presets: [], rules: [], campaignPresets: {} }, named()),
          style: planStyle(parsed.file.qrStyle, style ?? DEFAULT_QR_STYLE),
          styleLocked: style?.org?.locked === true,
          from: parsed.file.account,
          to: here(),
        };
        // What does not fit this account is said before anything is changed.
        if (planLines(next).length > 0) {
          setPlan(next);
          return undefined;
        }
        return land(next);
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
