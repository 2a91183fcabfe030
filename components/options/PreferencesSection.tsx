import { useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Settings } from '@/lib/storage';
import { errorSentence } from '@/lib/errorText';
import { ConfirmInline } from '../common/ConfirmInline';
import { Feedback } from './Feedback';
import { useOptions } from './OptionsContext';
import { useAction } from './useAction';
import { CopyFormatSelect, LinkSwitches } from './LinkPrefs';
import { HistoryLimitSelect } from './HistoryLimitSelect';
import { t } from '@/lib/i18n';
import { sendableDomains, toId } from '@/lib/ui/choices';

/** Preferences: defaults of the context menu, shortcut and address bar, copying, cleaning, menu items, history, cache. */
export function PreferencesSection() {
  const p = useOptions(
    useShallow((s) => {
      const connected = !!s.connection?.connected;
      return {
        settings: s.settings,
        settingsError: s.settingsError,
        connected,
        domains: connected ? s.lists.domains.items : null,
        campaigns: connected ? s.lists.campaigns.items : null,
        channels: connected ? s.lists.channels.items : null,
        onSave: s.saveSettings,
        onClearHistory: s.clearHistory,
        onClearCache: s.clearCache,
      };
    }),
  );
  const [draft, setDraft] = useState<Settings | null>(p.settings);
  const [confirmClear, setConfirmClear] = useState(false);
  const action = useAction();
  const id = useId();
  // Saves go one after another: the worker merges each into what is stored.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const clearBtn = useRef<HTMLButtonElement>(null);

  useEffect(() => setDraft(p.settings), [p.settings]);

  function save(patch: Partial<Settings>) {
    if (!draft) return;
    const before = draft;
    setDraft({ ...draft, ...patch });
    const step = chain.current.then(() =>
      action.run(async () => {
        await p.onSave(patch);
        return t('optionsPrefsSaved');
      }, { exclusive: false }),
    );
    chain.current = step;
    void step.then((ok) => {
      if (!ok) setDraft(before);
    });
  }

  // Shared domains (id null) cannot be sent as domain_id, so they cannot be the default.
  const domains = sendableDomains(p.domains ?? []);
  const campaigns = p.campaigns ?? [];

  return (
    <>
      {p.settingsError && <p role="alert">{errorSentence(p.settingsError, 'options')}</p>}
      {!draft ? (
        !p.settingsError && <p className="muted">{t('commonLoading')}</p>
      ) : (
        <div className="stack">
          <p className="muted">{t('optionsPrefsUsedBy', t('menuShortenLink'))}</p>
          <DefaultSelect
            id={`${id}-domain`}
            label={t('optionsDefaultDomain')}
            value={draft.defaultDomainId}
            noneLabel={t('optionsServiceDefault')}
            missingLabel={(n) => t('optionsDomainNotInList', n)}
            choices={domains.map((d) => ({ id: d.id, name: d.domain || t('commonDomainNumbered', d.id) }))}
            onChange={(defaultDomainId) => save({ defaultDomainId })}
          />
          <DefaultSelect
            id={`${id}-campaign`}
            label={t('optionsDefaultCampaign')}
            value={draft.defaultCampaignId}
            noneLabel={t('optionsNoneOption')}
            missingLabel={(n) => t('optionsCampaignNotInList', n)}
            choices={campaigns.map((c) => ({ id: c.id, name: c.name || t('commonCampaignNumbered', c.id) }))}
            onChange={(defaultCampaignId) => save({ defaultCampaignId })}
          />
          <DefaultSelect
            id={`${id}-channel`}
            label={t('optionsDefaultChannel')}
            value={draft.defaultChannelId}
            noneLabel={t('popupNoChannel')}
            missingLabel={(n) => t('optionsChannelNotInList', n)}
            choices={(p.channels ?? []).map((c) => ({ id: c.id, name: c.name || t('optionsChannelNumbered', c.id) }))}
            onChange={(defaultChannelId) => save({ defaultChannelId })}
          />
          <CopyFormatSelect draft={draft} save={save} />
          {!p.connected && <p className="muted">{t('optionsConnectToChoose')}</p>}
          <div className="check">
            <input
              id={`${id}-copy`}
              type="checkbox"
              checked={draft.autoCopy}
              onChange={(e) => save({ autoCopy: e.target.checked })}
            />
            <label htmlFor={`${id}-copy`}>{t('optionsAutoCopy')}</label>
          </div>
          <div className="check">
            <input
              id={`${id}-history`}
              type="checkbox"
              checked={draft.keepHistory}
              onChange={(e) => save({ keepHistory: e.target.checked })}
            />
            <label htmlFor={`${id}-history`}>{t('optionsKeepHistory')}</label>
          </div>
          <HistoryLimitSelect draft={draft} save={save} />
          <LinkSwitches draft={draft} save={save} />
        </div>
      )}
      <div className="row">
        <button type="button" ref={clearBtn} onClick={() => setConfirmClear(true)} aria-expanded={confirmClear}>
          {t('optionsClearHistory')}
        </button>
        <button
          type="button"
          onClick={() =>
            void action.run(async () => {
              await p.onClearCache();
              return t('optionsCacheCleared');
            }, { exclusive: false })
          }
        >
          {t('optionsClearCache')}
        </button>
      </div>
      {confirmClear && (
        <ConfirmInline
          question={t('optionsClearHistoryQuestion')}
          confirmLabel={t('optionsYesClearHistory')}
          busy={action.busy}
          onConfirm={() =>
            void action
              .run(async () => {
                await p.onClearHistory();
                return t('optionsHistoryCleared');
              }, { exclusive: false })
              .then(() => {
                setConfirmClear(false);
                clearBtn.current?.focus();
              })
          }
          onCancel={() => {
            setConfirmClear(false);
            clearBtn.current?.focus();
          }}
        />
      )}
      <Feedback error={action.error} note={action.note} />
    </>
  );
}

/** A default's select: none, the saved id when it is not in the list (kept, not lost), then the choices. */
function DefaultSelect({
  id,
  label,
  value,
  noneLabel,
  missingLabel,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: number | null;
  noneLabel: string;
  missingLabel: (id: number) => string;
  choices: { id: number; name: string }[];
  onChange: (id: number | null) => void;
}) {
  const known = value === null || choices.some((c) => c.id === value);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value === null ? '' : String(value)} onChange={(e) => onChange(toId(e.target.value))}>
        <option value="">{noneLabel}</option>
        {!known && <option value={String(value)}>{missingLabel(value)}</option>}
        {choices.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.name}
          </option>
        ))}
      </select>
    </>
  );
}
