import { isLocked, presetNames, type Lockable, type ManagedPolicy } from '@/lib/storage/policy';
import { t, type MessageKey } from '@/lib/i18n';
import { useOptions } from './OptionsContext';

/** Each setting a policy may set, by the label the page shows it with. */
const LABELS: Record<Lockable, MessageKey> = {
  serviceUrl: 'optionsServiceUrl',
  defaultDomainId: 'optionsDefaultDomain',
  defaultCampaignId: 'optionsDefaultCampaign',
  defaultChannelId: 'optionsDefaultChannel',
  keepHistory: 'optionsKeepHistory',
  keepPrivateHistory: 'optionsKeepPrivateHistory',
};

/** The organisation's policy as the worker read it (none: undefined). */
const useManagedPolicy = (): ManagedPolicy | undefined => useOptions((s) => s.connection?.managed);

/** Whether the organisation sets a setting, and whether it locks it (its control is then disabled). */
export function useManaged(name: Lockable): { preset: boolean; locked: boolean } {
  const policy = useManagedPolicy();
  return { preset: presetNames(policy).includes(name), locked: isLocked(policy, name) };
}

/** The line under a control the organisation set: locked (cannot be changed here) or a default the user may change. */
export function ManagedNote({ name, id }: { name: Lockable; id: string }) {
  const { preset, locked } = useManaged(name);
  if (!preset) return null;
  return (
    <p id={id} className="muted managed-note">
      {t(locked ? 'optionsManagedLocked' : 'optionsManagedDefault')}
    </p>
  );
}

/** One line naming everything the organisation set, at the top of the preferences. */
export function ManagedSummary() {
  const names = presetNames(useManagedPolicy());
  if (names.length === 0) return null;
  return <p className="managed-note">{t('optionsManagedSummary', names.map((n) => t(LABELS[n])).join(', '))}</p>;
}

/** What the organisation's policy named that was ignored (a wrong value, an unknown name): the rest of it still applies. */
export function ManagedIgnored() {
  const ignored = useManagedPolicy()?.ignored ?? [];
  if (ignored.length === 0) return null;
  return (
    <p className="managed-note" role="note">
      {t('optionsManagedIgnored', [...new Set(ignored.map((i) => i.key))].join(', '))}
    </p>
  );
}
