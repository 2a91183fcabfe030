/** The public types of the sandbox (re-exported by server.ts). */
import type { SandboxState } from './state';

export interface SandboxOptions {
  port?: number; // default 0 (free port); host is always 127.0.0.1
  key?: string; // default 'demo-key-0123456789'
  plan?: 'free' | 'pro'; // default 'pro'
  extraKeys?: { key: string; plan: 'free' | 'pro' }[]; // other accounts (empty data, own email)
  mainLimit?: number; // default 30
  mainWindowMs?: number; // default 60_000
  shortenLimit?: number; // default: 100 free / 10000 pro
  shortenWindowMs?: number; // default 3_600_000
  seed?: 'demo' | 'empty'; // default 'demo'
  latencyMs?: number; // artificial delay added to every API response, default 0
  /** Sandbox extra. Rate windows: 'aligned' (default; epoch-aligned, contiguous) or
   *  'first-request' (a window opens at the first request after the last one ended). */
  rateWindow?: 'aligned' | 'first-request';
  /** Answer like real deployments where the interface is silent: a bad key with HTTP 403
   *  `{"error":1,"message":"A valid API key is required to use this service."}`, validation
   *  failures of the main group with HTTP 200 `error: 1` and "Please upgrade …" after the
   *  reason, the main group's rate limit with HTTP 200 `error: 429`, a campaign without a name
   *  refused. */
  realDeployment?: boolean;
  /** Sandbox extra. Whether answers carry the non-standard X-RateLimit-Reset-Ms (default true);
   *  false: only X-RateLimit-Reset in unix seconds, as real deployments send it. */
  resetMs?: boolean;
  /** A QR code without statistics (a new one): 'object' (default) answers the interface's object with
   *  zero counts; 'array' answers `data: []`, as some deployments do (the client survives both). */
  emptyQrStats?: 'object' | 'array';
  /** Sandbox extra. HTTPS with HTTP/2 (node:http2; HTTP/1.1 over TLS still answered), a certificate
   *  made at start (`Sandbox.certificate`), as real deployments behind a web server or a CDN speak.
   *  Default: plain HTTP/1.1. */
  http2?: boolean;
}

/** One request as the sandbox saw it; `status` is 0 while unanswered (and stays 0 for a hang). */
export interface LoggedRequest {
  method: string;
  path: string;
  query: string;
  status: number;
  group: 'main' | 'shorten' | 'page';
  auth: 'bearer' | 'x-api-key' | 'none';
  at: number;
  handlingMs: number;
  rateLimited: boolean;
  /** When the rate limiter counted it (absent if it never got that far): a window opens then, not at `at` (its body is read in between). */
  decidedAt?: number;
  /** When the answer was written (absent while unanswered). */
  answeredAt?: number;
  /** The Cookie header the request carried (absent: none). */
  cookie?: string;
  /** The protocol it came over: '1.1' or '2.0'. */
  httpVersion: string;
}

export type FaultKind =
  'html200' | 'html500' | 'status500' | 'status502' | 'empty200' | 'invalidJson' | 'hang' | 'body429' | 'status429' | 'huge';

/** A fault to inject into the next matching /api request(s). */
export interface Fault {
  path: RegExp;
  /** Sandbox extra. Only requests whose query string (without "?") matches, e.g. /page=[2-9]/. */
  query?: RegExp;
  method?: string;
  times?: number /* default 1 */;
  /** Omitted: the request is answered as usual, after `delayMs` (a slow service). */
  kind?: FaultKind;
  /** The request is held back this long before it is handled (default 0). */
  delayMs?: number;
  /** Sandbox extra. The request is handled (and answered) only once this settles: a test holds an answer and releases it. */
  until?: Promise<unknown>;
  /** The request is handled at once (a link is made), its answer held back this long: a client
   *  that gives up sooner never hears of what it did (default 0). */
  holdMs?: number;
  /** A `status429`'s Retry-After, in seconds (default 1). */
  retryAfterSec?: number;
  /** Sandbox extra. Headers added to the answer (a `Set-Cookie`, say); the request is handled as usual. */
  headers?: Record<string, string>;
  /** Sandbox extra. This answer instead of the service's (a 302 to another origin, say). */
  answer?: { status: number; headers: Record<string, string>; body: string };
}

export interface Sandbox {
  url: string; // e.g. http://127.0.0.1:43121 (no trailing slash)
  key: string;
  /** With `http2`: the self-signed certificate (PEM, a Node client's `ca`) and the base64 SHA-256 of its
   *  public key, which a test's or the bench's Chromium is told to trust (`--ignore-certificate-errors-spki-list`). */
  certificate?: { cert: string; spki: string };
  state: SandboxState; // live state, tests read it (links, campaigns, assignments, channels...)
  log: LoggedRequest[]; // every request, in order of arrival
  faults: Fault[]; // push to inject; consumed as they fire
  /** Refills every rate-limit budget (sandbox extra). */
  resetRateLimits(): void;
  /** Spends a budget for `ms` from now (sandbox extra): a test knows when it refills, whatever the window placement. */
  spendBudget(group: 'main' | 'shorten', ms: number, key?: string): void;
  /** The service down: stops listening (connections refused) and drops requests under way; state and port are kept. */
  stop(): Promise<void>;
  /** The service back, on the same port with the same state. */
  start(): Promise<void>;
  /** Whether it is stopped now. */
  readonly down: boolean;
  close(): Promise<void>;
}
