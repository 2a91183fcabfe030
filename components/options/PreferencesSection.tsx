import { useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Settings } from '@/lib/storage';
import { errorSentence } from '@/lib/i18n/errorText';
import { ConfirmInline } from '@/components/common/ConfirmInline';
import { Feedback } from './Feedback';
import { useOptions } from './OptionsContext';
import { useAction } from './useAction';
import { CopyFormatSelect, LinkSwitches } from './LinkPrefs';
import { HistoryLimitSelect } from './HistoryLimitSelect';
import { SyncConventionsPref } from './SyncConventionsPref';
import { t } from '@/lib/i18n';
import { campaignChoices, channelChoices, domainChoices, toId } from '@/lib/ui/choices';
import { ChoiceSelect } from '@/components/common/ChoiceSelect';
import { ManagedIgnored, ManagedNote, ManagedSummary, useManaged } from './Managed';
import type { ManagedSetting } from '@/lib/storage/policy';

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

  useEffect(() => {
    setDraft(p.settings);
  }, [p.settings]);

  function save(patch: Partial<Settings>) {
    if (!draft) return;
    const before = draft;
    setDraft({ ...draft, ...patch });
    const step = chain.current.then(() =>
      action.run(
        async () => {
          await p.onSave(patch);
          return t('optionsPrefsSaved');
        },
        { exclusive: false },
      ),
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
          <ManagedSummary />
          <ManagedIgnored />
          <p className="muted">{t('optionsPrefsUsedBy', t('menuShortenLink'))}</p>
          <ManagedChoice
            id={`${id}-domain`}
            managed="defaultDomainId"
            label={t('optionsDefaultDomain')}
            value={asValue(draft.defaultDomainId)}
            none={t('optionsServiceDefault')}
            unknownLabel={(v) => t('optionsDomainNotInList', v)}
            choices={domainChoices(p.domains ?? [])}
            onChange={(v) => save({ defaultDomainId: toId(v) })}
          />
          <ManagedChoice
            id={`${id}-campaign`}
            managed="defaultCampaignId"
            label={t('optionsDefaultCampaign')}
            value={asValue(draft.defaultCampaignId)}
            none={t('popupNoCampaign')}
            unknownLabel={(v) => t('optionsCampaignNotInList', v)}
            choices={campaignChoices(p.campaigns ?? [])}
            onChange={(v) => save({ defaultCampaignId: toId(v) })}
          />
          <ManagedChoice
            id={`${id}-channel`}
            managed="defaultChannelId"
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
            <input id={`${id}-copy`} type="checkbox" checked={draft.autoCopy} onChange={(e) => save({ autoCopy: e.target.checked })} />
            <label htmlFor={`${id}-copy`}>{t('optionsAutoCopy')}</label>
          </div>
          <ManagedCheck id={`${id}-history`} name="keepHistory" label={t('optionsKeepHistory')} checked={draft.keepHistory} save={save} />
          <ManagedCheck
            id={`${id}-private`}
            name="keepPrivateHistory"
            label={t('optionsKeepPrivateHistory')}
            help={t('optionsPrivateHelp')}
            checked={draft.keepPrivateHistory === true}
            save={save}
          />
          <HistoryLimitSelect draft={draft} save={save} />
          <LinkSwitches draft={draft} save={save} />
          {p.connected && <SyncConventionsPref />}
        </div>
      )}
      <div className="row">
        <button type="button" ref={clearBtn} onClick={() => setConfirmClear(true)} aria-expanded={confirmClear}>
          {t('optionsClearHistory')}
        </button>
        <button
          type="button"
          onClick={() =>
            void action.run(
              async () => {
                await p.onClearCache();
                return t('optionsCacheCleared');
              },
              { exclusive: false },
            )
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
              .run(
                async () => {
                  await p.onClearHistory();
                  return t('optionsHistoryCleared');
                },
                { exclusive: false },
              )
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

/** A default's select (ChoiceSelect) an organisation may set: disabled when it locks it, with the reason beside it. */
function ManagedChoice({ managed, ...props }: Parameters<typeof ChoiceSelect>[0] & { managed: ManagedSetting }) {
  const { preset, locked } = useManaged(managed);
  return (
    <>
      <ChoiceSelect {...props} disabled={locked} describedBy={preset ? `${props.id}-managed` : undefined} />
      <ManagedNote name={managed} id={`${props.id}-managed`} />
    </>
  );
}

/** A checkbox preference an organisation may set: disabled when it locks it, with the reason beside it. */
function ManagedCheck({
  id,
  name,
  label,
  help,
  checked,
  save,
}: {
  id: string;
  name: 'keepHistory' | 'keepPrivateHistory';
  label: string;
  help?: string;
  checked: boolean;
  save: (patch: Partial<Settings>) => void;
}) {
  const { preset, locked } = useManaged(name);
  const described = [help ? `${id}-help` : '', preset ? `${id}-managed` : ''].filter(Boolean).join(' ');
  return (
    <>
      <div className="check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={locked}
          aria-describedby={described || undefined}
          onChange={(e) => save({ [name]: e.target.checked })}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {help && (
        <p id={`${id}-help`} className="muted">
          {help}
        </p>
      )}
      <ManagedNote name={name} id={`${id}-managed`} />
    </>
  );
}

/** A stored default (an id or none) as a select's value. */
const asValue = (id: number | null) => (id === null ? '' : String(id));
