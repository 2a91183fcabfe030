import { memo, useEffect, useRef, useState } from 'react';
import type { HistoryEntry, TrackedQr } from '@/lib/storage';
import { RecentLinkItem } from './RecentLinkItem';
import { RECENT_FIRST } from './RecentPreview';

// A link drawn for one search and still drawn for the next is not drawn again.
const Item = memo(RecentLinkItem);

interface RecentLinkListProps {
  entries: readonly HistoryEntry[];
  /** The search the links answer (a new one starts again with one batch). */
  query: string;
  /** Tracked QR codes by short link (their scans are shown beside the link). */
  tracked: Record<string, TrackedQr>;
  label?: string;
  /** Only the newest are known yet (the stored head): the list says it is still being filled (aria-busy). */
  busy?: boolean;
  /** Called when the end of every link given comes in reach (the rest of the list is wanted). */
  onEnd?: () => void;
}

/**
 * How many links are drawn at first (more than the two or three a 600 px popup shows below its
 * form, not the stored head's 30: each link drawn costs about 0.75 ms before Recent links appear),
 * and how many are added each time the end of the drawn ones comes near (at once when it is in
 * reach from the start).
 */
export { RECENT_FIRST };
export const RECENT_BATCH = 30;
/** How far below the visible part the end of the drawn links counts as in reach. */
const REACH_PX = 600;
/** How near the end of every link given must come before the rest of the list is asked for (scrolled to it, not merely opened). */
const END_PX = 100;

/**
 * The links of "Recent links", drawn a batch at a time: only those near the visible part of the
 * popup exist (thousands of links are kept), more are drawn as scrolling or Tab reaches the end.
 * A new search starts again with the first few.
 */
export function RecentLinkList({ entries, query, tracked, label, busy, onEnd }: RecentLinkListProps) {
  const [drawnFor, setDrawnFor] = useState({ query, drawn: RECENT_FIRST });
  if (drawnFor.query !== query) setDrawnFor({ query, drawn: RECENT_FIRST });
  const drawn = drawnFor.query === query ? drawnFor.drawn : RECENT_FIRST;
  const setDrawn = (next: (n: number) => number) => setDrawnFor((d) => ({ ...d, drawn: next(d.drawn) }));
  const end = useRef<HTMLLIElement>(null);
  const more = entries.length > drawn;
  // The end in reach: the next batch, or (all drawn) the rest of the list from whoever has it.
  const reached = more ? () => setDrawn((n) => n + RECENT_BATCH) : onEnd;

  useEffect(() => {
    const el = end.current;
    if (!el || !reached) return;
    if (typeof IntersectionObserver === 'undefined') {
      if (more) setDrawn(() => entries.length);
      return;
    }
    const margin = more ? REACH_PX : END_PX;
    // The end already in reach: the next batch now, not at the observer's first report (which
    // waits for a frame, 100 ms at times after a keystroke of a search).
    if (el.getBoundingClientRect().top < window.innerHeight + margin) {
      reached();
      return;
    }
    // Made anew after each batch: its first report says whether the end came in reach.
    const watcher = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && reached(), {
      rootMargin: `0px 0px ${margin}px 0px`,
    });
    watcher.observe(el);
    return () => watcher.disconnect();
  }, [drawn, more, entries.length, onEnd]);

  return (
    <ul className="recent-list" aria-label={label} aria-busy={busy || undefined}>
      {entries.slice(0, drawn).map((e) => (
        <Item key={e.id} entry={e} tracked={tracked[e.shortUrl]} />
      ))}
      {(more || onEnd) && <li ref={end} className="recent-more" aria-hidden="true" />}
    </ul>
  );
}
