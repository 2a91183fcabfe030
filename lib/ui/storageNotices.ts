/** Asking the worker what stored data it had to reset (for a page without a store of its own for it). */
import { ask } from '@/lib/messaging';
import type { ToldItem } from '@/lib/storage/names';

/** The stored items that lost something, told to this page once; none when the worker cannot say. */
export function askStorageNotices(): Promise<ToldItem[]> {
  return ask('takeStorageNotices').catch(() => []);
}
