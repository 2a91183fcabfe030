/** Loads laterParts.ts's chunk (one import() for every part it holds). */
export const laterParts = () => import('./laterParts');
