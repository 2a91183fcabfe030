import { startFirstReads } from '@/lib/ui/popup/firstReads';
import { openEarlyPort } from '@/lib/ui/popup/earlyPort';

/** The reads the first render waits for, started as this module is evaluated: main.tsx imports it first. */
export const firstReads = startFirstReads();

// The worker is woken now (a stopped one starts while the popup draws itself).
openEarlyPort();
