/**
 * The options page's "Sync presets, rules and QR style": asked of the worker, turned on or off
 * through it, and followed while the page is open (what another browser synced lands in this
 * browser's storage, which the page hears: docs/ARCHITECTURE.md, "Synced conventions").
 */
import { useCallback, useEffect, useState } from 'react';
import type { SerializedApiError } from '@/lib/api';
import { ask as askWorker } from '@/lib/messaging';
import type { SyncStatus } from '@/lib/storage/syncArea';
import { watchConventions } from '@/lib/ui/watchConventions';
import { toApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';

/** The preference as the page shows it: its status, a failure, and the switch. */
export function useSyncPref(ask: typeof askWorker = askWorker, watch: typeof watchConventions = watchConventions) {
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [error, setError] = useState<SerializedApiError | null>(null);
  const fail = (err: unknown) => setError(toApiError(err, t('optionsWorkerNoAnswer')).toJSON());

  useEffect(() => {
    let live = true;
    const load = () =>
      ask('getSyncStatus').then(
        (s) => live && setStatus(s),
        (err: unknown) => live && fail(err),
      );
    void load();
    const stop = watch(() => void load());
    return () => {
      live = false;
      stop();
    };
  }, [ask, watch]);

  const setEnabled = useCallback(
    async (enabled: boolean) => {
      setError(null);
      setStatus((s) => (s ? { ...s, enabled } : s));
      try {
        setStatus(await ask('setSyncEnabled', { enabled }));
      } catch (err) {
        setStatus((s) => (s ? { ...s, enabled: !enabled } : s));
        fail(err);
      }
    },
    [ask],
  );
  return { status, error, setEnabled };
}
