import { StorageNotice } from '@/components/common/StorageNotice';
import { usePopup } from './PopupContext';

/** What stored data could not be read and was reset (told once, by the worker's reading after the first paint). */
export function StoredNotice() {
  const names = usePopup((s) => s.storageNotices);
  return <StorageNotice names={names} />;
}
