import { startFirstReads } from '@/lib/ui/popupFirstReads';
import { openEarlyPort } from '@/lib/ui/popupEarlyPort';

/** The reads the first render waits for, started as this module is evaluated: main.tsx imports it first. */
export const firstReads = startFirstReads();

// The worker is woken now (a stopped one starts while the popup draws itself).
openEarlyPort();
