/** Injected faults: matching a request to a pending fault, and the answer of each kind. */
import type { Fault, FaultKind } from './types';
import { HTML_TYPE, JSON_TYPE } from './http';

/** Removes and returns the first fault matching the request (a fault with `times` > 1 stays, decremented). */
export function takeFault(faults: Fault[], method: string, path: string, query = ''): Fault | undefined {
  const index = faults.findIndex((f) => {
    if (f.method && f.method.toUpperCase() !== method) return false;
    if (f.query && !f.query.test(query)) return false;
    f.path.lastIndex = 0; // a /g or /y regex keeps state between tests
    return f.path.test(path);
  });
  if (index < 0) return undefined;
  const fault = faults[index]!;
  const left = (fault.times ?? 1) - 1;
  if (left <= 0) faults.splice(index, 1);
  else fault.times = left;
  return fault;
}

export interface FaultAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

const HTML_ERROR = '<html><body><h1>Error</h1></body></html>';
const HUGE_BYTES = 10 * 1024 * 1024;
let hugeBody: Buffer | undefined;

/** The answer of a fault kind, or 'hang' for a request that is never answered. */
export function faultAnswer(kind: FaultKind, retryAfterSec = 1): FaultAnswer | 'hang' {
  switch (kind) {
    case 'html200':
      return { status: 200, headers: { ...HTML_TYPE }, body: HTML_ERROR };
    case 'html500':
      return { status: 500, headers: { ...HTML_TYPE }, body: HTML_ERROR };
    case 'status502':
      // What a proxy in front of the service answers when the service behind it is down.
      return {
        status: 502,
        headers: { ...HTML_TYPE },
        body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>',
      };
    case 'status500':
      return { status: 500, headers: { ...JSON_TYPE }, body: JSON.stringify({ error: 1, message: 'Internal error' }) };
    case 'empty200':
      return { status: 200, headers: { ...JSON_TYPE }, body: '' };
    case 'invalidJson':
      return { status: 200, headers: { ...JSON_TYPE }, body: '{"error":0,' };
    case 'hang':
      return 'hang';
    case 'body429':
      return { status: 200, headers: { ...JSON_TYPE }, body: '{"error":429,"message":"Too Many API Requests.","Retry-After":1}' };
    case 'status429':
      return {
        status: 429,
        headers: { ...JSON_TYPE, 'Retry-After': String(retryAfterSec) },
        body: `{"error":429,"message":"Too Many API Requests.","Retry-After":${retryAfterSec}}`,
      };
    case 'huge': {
      hugeBody ??= Buffer.from(`{"error":"0","blob":"${'x'.repeat(HUGE_BYTES)}"}`, 'utf8');
      return { status: 200, headers: { ...JSON_TYPE }, body: hugeBody };
    }
  }
}
