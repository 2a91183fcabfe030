import { useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Settings } from '@/lib/storage';
import { errorSentence } from '@/lib/errorText';
import { ConfirmInline } from './ConfirmInline';
import { Feedback } from './Feedback';
import { useOptions } from './OptionsContext';
import { useAction } from './useAction';
import { t } from '@/lib/i18n';
import { sendableDomains, toId } from '@/lib/ui/choices';

/** Preferences: default domain and campaign of the context menu and shortcut, copying, history, cache. */
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
  const domainKnown = draft?.defaultDomainId == null || domains.some((d) => d.id === draft.defaultDomainId);
  const campaignKnown = draft?.defaultCampaignId == null || campaigns.some((c) => c.id === draft.defaultCampaignId);

  return (
    <>
      {p.settingsError && <p role="alert">{errorSentence(p.settingsError, 'options')}</p>}
      {!draft ? (
        !p.settingsError && <p className="muted">{t('commonLoading')}</p>
      ) : (
        <div className="stack">
          <p className="muted">{t('optionsPrefsUsedBy', t('menuShortenLink'))}</p>
          <label htmlFor={`${id}-domain`}>{t('optionsDefaultDomain')}</label>
          <select
            id={`${id}-domain`}
            value={draft.defaultDomainId === null ? '' : String(draft.defaultDomainId)}
            onChange={(e) => save({ defaultDomainId: toId(e.target.value) })}
          >
            <option value="">{t('optionsServiceDefault')}</option>
            {!domainKnown && <option value={String(draft.defaultDomainId)}>{t('optionsDomainNotInList', draft.defaultDomainId ?? '')}</option>}
            {domains.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.domain || t('commonDomainNumbered', d.id)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-campaign`}>{t('optionsDefaultCampaign')}</label>
          <select
            id={`${id}-campaign`}
            value={draft.defaultCampaignId === null ? '' : String(draft.defaultCampaignId)}
            onChange={(e) => save({ defaultCampaignId: toId(e.target.value) })}
          >
            <option value="">{t('optionsNoneOption')}</option>
            {!campaignKnown && <option value={String(draft.defaultCampaignId)}>{t('optionsCampaignNotInList', draft.defaultCampaignId ?? '')}</option>}
            {campaigns.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name || t('commonCampaignNumbered', c.id)}
              </option>
            ))}
          </select>
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
