import { useEffect, useState } from 'react';
import type { TrackedQr } from '@/lib/storage';
import { trackedQrs } from '@/lib/ui/trackedQr';
import { afterFirstPaint } from './useAfterFirstPaint';

/**
 * The tracked QR codes of Recent links by short link: what the worker stored, then their scans
 * read again (the worker does it at most once a minute, at background priority). Asked only
 * once Recent links' items are on screen, never for the popup's first screen.
 */
export function useTrackedScans(active: boolean): Record<string, TrackedQr> {
  const [tracked, setTracked] = useState<Record<string, TrackedQr>>({});
  useEffect(() => {
    if (!active) return;
    let live = true;
    const cancel = afterFirstPaint(() => {
      void trackedQrs(false)
        .then((stored) => {
          if (!live) return;
          setTracked(stored);
          if (Object.values(stored).some((q) => q.state === 'made')) return trackedQrs(true).then((fresh) => live && setTracked(fresh));
        })
        .catch(() => undefined);
    });
    return () => {
      live = false;
      cancel();
    };
  }, [active]);
  return tracked;
}
