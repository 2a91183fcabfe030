/**
 * The two cold opens and their floors over HTTP/2 (the sandbox on HTTPS, `http2`): the same
 * code, probes and counts as over HTTP/1.1 (latencyOpens.ts, floor/run.ts), so that each figure
 * can be set beside its HTTP/1.1 twin. Real deployments sit behind a web server or a CDN that
 * speaks HTTP/2: every page of a list in flight at once on one connection, where HTTP/1.1 gives
 * Chromium six connections to a host.
 */
import { rmSync } from 'node:fs';
import { BIG_LIST, LATENCY_MS, bigList, coldLists, withLatencyBrowser, type BigList, type Browsing, type ColdLists } from './latencyOpens';
import { buildFloorExtension } from './floor/build';
import { bigListInTurns } from './floor/run';
import { buildGrantingHttps } from './http2';

export interface H2Figures {
  ours: { coldLists: ColdLists; bigList: BigList };
  floor: { coldLists: ColdLists; bigList: BigList; direct: BigList };
}

type Runs = { coldOpens: number; bigListCold: number };

/** Runs `measure` and fails the bench when a request reached the sandbox over anything but HTTP/2 (a silent fallback would be timed as HTTP/2). */
export const overHttp2 =
  <T>(measure: (b: Browsing) => Promise<T>) =>
  async (b: Browsing): Promise<T> => {
    const out = await measure(b);
    const versions = new Set(b.sb.log.filter((l) => l.path.startsWith('/api/')).map((l) => l.httpVersion));
    if (versions.size !== 1 || !versions.has('2.0')) throw new Error(`HTTP/2 bench: requests came over HTTP ${[...versions].join(', ')}`);
    return out;
  };

/** Ours (a copy of the build granted https loopback), then the floor extension, each in a browser of its own against a sandbox over HTTP/2 at L. */
export async function runH2(extensionDir: string, runs: Runs, say: (m: string) => void): Promise<H2Figures> {
  const granted = buildGrantingHttps(extensionDir);
  const floorDir = await buildFloorExtension();
  try {
    say(`HTTP/2: popup at L = ${LATENCY_MS} ms, warm opens, ${runs.coldOpens} cold opens`);
    const cold = await withLatencyBrowser(
      granted.dir,
      { http2: true },
      overHttp2((b) => coldLists(b, 'ours', runs.coldOpens)),
    );
    say(`HTTP/2: options page, ${BIG_LIST.campaigns} campaigns, ${runs.bigListCold} cold opens`);
    const big = await withLatencyBrowser(
      granted.dir,
      { bigList: true, http2: true },
      overHttp2((b) => bigList(b, 'ours', runs.bigListCold)),
    );
    say(`HTTP/2: floor popup, ${runs.coldOpens} opens with the worker stopped`);
    const floorCold = await withLatencyBrowser(
      floorDir,
      { floor: true, http2: true },
      overHttp2((b) => coldLists(b, 'floor', runs.coldOpens)),
    );
    say(`HTTP/2: floor options page, ${runs.bigListCold} runs through the stopped worker and ${runs.bigListCold} direct`);
    const floorBig = await bigListInTurns(floorDir, runs.bigListCold, true);
    return { ours: { coldLists: cold, bigList: big }, floor: { coldLists: floorCold, bigList: floorBig.floor, direct: floorBig.direct } };
  } finally {
    granted.remove();
    rmSync(floorDir, { recursive: true, force: true });
  }
}
