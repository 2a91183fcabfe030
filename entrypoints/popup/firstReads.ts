import { startFirstReads } from '@/lib/ui/popup/firstReads';

/** The reads the first render waits for, started as this module is evaluated: main.tsx imports it first. */
export const firstReads = startFirstReads();
