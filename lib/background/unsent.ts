/**
 * Links that were not made because the connection changed to another account before they
 * were sent. They are kept (this browser only) so that the popup can name them and make them
 * with the current account; one notification names the links of one change.
 */
import { t } from '@/lib/i18n';
import { tCount } from '@/lib/i18n/count';
import { unsentItem, type Job, type UnsentLink } from '@/lib/storage';
import { serializer } from './serialize';

/** Links of one change fail within moments of each other: one notification for all of them. */
export const ANNOUNCE_AFTER_MS = 1000;
/** How many addresses a notification names before "and N more". */
const NAMED_IN_NOTIFICATION = 3;

/** The store of unsent links and its one notification. */
export function createUnsent(notify: (title: string, message: string) => Promise<void>) {
  const write = serializer();
  let timer: ReturnType<typeof setTimeout> | null = null;

  /** Shows one notification naming every link not announced yet. */
  const announce = () =>
    write(async () => {
      timer = null;
      const list = await unsentItem.getValue();
      const fresh = list.filter((u) => !u.announced);
      if (fresh.length === 0) return;
      await unsentItem.setValue(list.map((u) => ({ ...u, announced: true })));
      const named = fresh.slice(0, NAMED_IN_NOTIFICATION).map((u) => u.args.url);
      const more = fresh.length - named.length;
      const links =
        more > 0 ? tCount({ one: 'notifyUnsentMoreOne', other: 'notifyUnsentMoreMany' }, more, [named.join('\n'), more]) : named.join('\n');
      await notify(t('notifyUnsentTitle'), t('notifyUnsentBody', links));
    });

  return {
    /** Keeps a job that was not sent, and announces it (with the others of the same change). */
    async add(job: Job): Promise<void> {
      await write(async () => {
        const list = await unsentItem.getValue();
        if (list.some((u) => u.id === job.id)) return;
        await unsentItem.setValue([...list, { id: job.id, args: job.args, createdAt: job.createdAt, announced: false }]);
      });
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void announce(), ANNOUNCE_AFTER_MS);
    },

    /** Every unsent link, oldest first. */
    list: (): Promise<UnsentLink[]> => unsentItem.getValue(),

    /** Removes links (made again, or dismissed) and returns the removed ones. */
    take: (ids: readonly string[]): Promise<UnsentLink[]> =>
      write(async () => {
        const list = await unsentItem.getValue();
        await unsentItem.setValue(list.filter((u) => !ids.includes(u.id)));
        return list.filter((u) => ids.includes(u.id));
      }),
  };
}
