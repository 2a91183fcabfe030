import { lazyPart } from './lazyPart';

type Parts = typeof import('./laterParts');

/** Loads laterParts.ts's chunk (one import() for every part it holds). */
export const laterParts = () => import('./laterParts');

/** One part of laterParts.ts's chunk, drawn once the chunk is there (lazyPart.ts): one way to name each. */
export const laterPart = <K extends keyof Parts>(name: K) => lazyPart(() => laterParts().then((m) => m[name]));
