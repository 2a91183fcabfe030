import type { ComponentType } from 'react';
import { lazyPart } from './lazyPart';

type Parts = typeof import('./laterParts');

/** Loads laterParts.ts's chunk (one import() for every part it holds). */
export const laterParts = () => import('./laterParts');

/** One part of laterParts.ts's chunk, drawn once the chunk is there (lazyPart.ts): one way to name each. */
export const laterPart = <K extends keyof Parts>(name: K) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each part is a component; its props are its own
  lazyPart(() => laterParts().then((m) => m[name] as Parts[K] & ComponentType<any>));
