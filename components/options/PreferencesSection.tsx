import { useEffect, useId, useRef, useState } from 'react';
import type { Campaign, Domain, SerializedApiError } from '@/lib/api';
import type { Settings } from '@/lib/storage';
import { errorText } from '@/lib/ui/optionsText';
import { ConfirmInline } from './ConfirmInline';
import { Feedback } from './Feedback';
import { Section } from './Section';
import { useAction } from './useAction';

export interface PreferencesProps {
  settings: Settings | null;
  settingsError: SerializedApiError | null;
  connected: boolean;
  domains: Domain[] | null;
  campaigns: Campaign[] | null;
  onSave: (patch: Partial<Settings>) => Promise<Settings>;
  onClearHistory: () => Promise<void>;
  onClearCache: () => Promise<void>;
}

const toId = (v: string): number | null => (/^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** Preferences: default domain and campaign of the context menu and shortcut, copying, history, cache. */
export function PreferencesSection(p: PreferencesProps) {
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
        return 'Preferences saved.';
      }, false),
    );
    chain.current = step;
    void step.then((ok) => {
      if (!ok) setDraft(before);
    });
  }

  // Shared domains (id null) cannot be sent as domain_id, so they cannot be the default.
  const domains = (p.domains ?? []).filter((d): d is Domain & { id: number } => d.id !== null);
  const campaigns = p.campaigns ?? [];
  const domainKnown = draft?.defaultDomainId == null || domains.some((d) => d.id === draft.defaultDomainId);
  const campaignKnown = draft?.defaultCampaignId == null || campaigns.some((c) => c.id === draft.defaultCampaignId);

  return (
    <Section id="preferences" title="Preferences">
      {p.settingsError && <p role="alert">{errorText(p.settingsError)}</p>}
      {!draft ? (
        !p.settingsError && <p className="muted">Loading…</p>
      ) : (
        <div className="stack">
          <p className="muted">Used by the context menu “Shorten link” and the keyboard shortcut.</p>
          <label htmlFor={`${id}-domain`}>Default domain</label>
          <select
            id={`${id}-domain`}
            value={draft.defaultDomainId === null ? '' : String(draft.defaultDomainId)}
            onChange={(e) => save({ defaultDomainId: toId(e.target.value) })}
          >
            <option value="">The service's default</option>
            {!domainKnown && <option value={String(draft.defaultDomainId)}>Domain #{draft.defaultDomainId} (not in the list)</option>}
            {domains.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.domain || `Domain #${d.id}`}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-campaign`}>Default campaign</label>
          <select
            id={`${id}-campaign`}
            value={draft.defaultCampaignId === null ? '' : String(draft.defaultCampaignId)}
            onChange={(e) => save({ defaultCampaignId: toId(e.target.value) })}
          >
            <option value="">None</option>
            {!campaignKnown && <option value={String(draft.defaultCampaignId)}>Campaign #{draft.defaultCampaignId} (not in the list)</option>}
            {campaigns.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name || `Campaign #${c.id}`}
              </option>
            ))}
          </select>
          {!p.connected && <p className="muted">Connect to a service to choose among its domains and campaigns.</p>}
          <div className="check">
            <input
              id={`${id}-copy`}
              type="checkbox"
              checked={draft.autoCopy}
              onChange={(e) => save({ autoCopy: e.target.checked })}
            />
            <label htmlFor={`${id}-copy`}>Copy new links automatically</label>
          </div>
          <div className="check">
            <input
              id={`${id}-history`}
              type="checkbox"
              checked={draft.keepHistory}
              onChange={(e) => save({ keepHistory: e.target.checked })}
            />
            <label htmlFor={`${id}-history`}>Keep history</label>
          </div>
        </div>
      )}
      <div className="row">
        <button type="button" ref={clearBtn} onClick={() => setConfirmClear(true)} aria-expanded={confirmClear}>
          Clear history
        </button>
        <button
          type="button"
          onClick={() =>
            void action.run(async () => {
              await p.onClearCache();
              return 'Cache cleared: lists are fetched from the service again when next asked for.';
            }, false)
          }
        >
          Clear cache
        </button>
      </div>
      {confirmClear && (
        <ConfirmInline
          question="Clear the history of links made in this browser? The links stay on the service."
          confirmLabel="Yes, clear history"
          busy={action.busy}
          onConfirm={() =>
            void action
              .run(async () => {
                await p.onClearHistory();
                return 'History cleared.';
              }, false)
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
    </Section>
  );
}
