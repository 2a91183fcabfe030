import { useEffect, useState } from 'react';
import type { ToldItem } from '@/lib/storage/names';
import { LOSS_TEXT } from '@/lib/storage/lossText';
import { t } from '@/lib/i18n';

/** What stored data could not be read and was reset: one sentence per item that lost something, shown once. */
export function StorageNotice({ names }: { names: readonly ToldItem[] }) {
  if (names.length === 0) return null;
  return (
    <div role="status" className="storage-notice">
      {names.map((n) => (
        <p key={n}>{t(LOSS_TEXT[n])}</p>
      ))}
    </div>
  );
}

/** The same, for a page that asks once when it opens (`load`: the page's question to the worker). */
export function AskedStorageNotice({ load }: { load: () => Promise<ToldItem[]> }) {
  const [names, setNames] = useState<readonly ToldItem[]>([]);
  useEffect(() => {
    let live = true;
    void load().then((n) => live && setNames(n));
    return () => {
      live = false;
    };
  }, [load]);
  return <StorageNotice names={names} />;
}
