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
import { campaignChoices, channelChoices, domainChoices, toId } from '@/lib/ui/choices';
import { ChoiceSelect } from '../common/ChoiceSelect';

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

  // Shared domains (id null) cannot be sent as domain_id, so they cannot be the default (domainChoices).

  return (
    <>
      {p.settingsError && <p role="alert">{errorSentence(p.settingsError, 'options')}</p>}
      {!draft ? (
        !p.settingsError && <p className="muted">{t('commonLoading')}</p>
      ) : (
        <div className="stack">
          <p className="muted">{t('optionsPrefsUsedBy', t('menuShortenLink'))}</p>
          <ChoiceSelect
            id={`${id}-domain`}
            label={t('optionsDefaultDomain')}
            value={asValue(draft.defaultDomainId)}
            none={t('optionsServiceDefault')}
            unknownLabel={(v) => t('optionsDomainNotInList', v)}
            choices={domainChoices(p.domains ?? [])}
            onChange={(v) => save({ defaultDomainId: toId(v) })}
          />
          <ChoiceSelect
            id={`${id}-campaign`}
            label={t('optionsDefaultCampaign')}
            value={asValue(draft.defaultCampaignId)}
            none={t('optionsNoneOption')}
            unknownLabel={(v) => t('optionsCampaignNotInList', v)}
            choices={campaignChoices(p.campaigns ?? [])}
            onChange={(v) => save({ defaultCampaignId: toId(v) })}
          />
          <ChoiceSelect
            id={`${id}-channel`}
            label={t('optionsDefaultChannel')}
            value={asValue(draft.defaultChannelId)}
            none={t('popupNoChannel')}
            unknownLabel={(v) => t('optionsChannelNotInList', v)}
            choices={channelChoices(p.channels ?? [])}
            onChange={(v) => save({ defaultChannelId: toId(v) })}
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

/** A stored default (an id or none) as a select's value. */
const asValue = (id: number | null) => (id === null ? '' : String(id));
