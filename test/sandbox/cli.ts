/**
 * `npm run sandbox -- --port P --key K --plan free|pro [--main-limit N --main-window-ms MS
 *  --shorten-limit N --shorten-window-ms MS --seed demo|empty --latency-ms MS
 *  --rate-window aligned|first-request --real-deployment --empty-qr-stats object|array
 *  --extra-key KEY[:free|pro] --http2 --help]`
 * Starts the sandbox, prints `Sandbox: <url>` and `API key: <key>`, runs until SIGINT/SIGTERM.
 * `--latency-ms` holds every answer after the request was handled (a link is made at once, its
 * answer comes late). SIGUSR1 stops the service (connections refused, state kept), SIGUSR2 starts
 * it again on the same port: "service down, then back" by hand (`kill -USR1 <pid>`).
 * `--http2` serves HTTPS with HTTP/2 on a certificate made at start: it prints where the
 * certificate is and its key's hash, to trust it (`curl --cacert`, Chromium's
 * `--ignore-certificate-errors-spki-list`).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startSandbox } from './server';
import type { SandboxOptions } from './types';

const USAGE = `npm run sandbox -- [options]
  --port P                 port (0: any free one)
  --key K                  the API key (default: a fixed test key)
  --plan free|pro          the account's plan
  --extra-key K[:free|pro] another account (its own data), as often as needed
  --seed demo|empty        the account's data
  --main-limit N --main-window-ms MS         the main rate limit
  --shorten-limit N --shorten-window-ms MS   the shortening rate limit
  --rate-window aligned|first-request        where a rate window starts
  --latency-ms MS          every answer held this long (a real distance)
  --real-deployment        answers as real deployments give them
  --empty-qr-stats object|array
  --http2                  HTTPS with HTTP/2 (a certificate made at start; HTTP/1.1 by default)
SIGUSR1 stops the service (state kept), SIGUSR2 starts it again.`;

/** A non-negative integer option, or undefined when absent; exits on a bad value. */
function intOption(values: Record<string, string | boolean | string[] | undefined>, name: string): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) {
    console.error(`--${name} must be a non-negative integer`);
    process.exit(2);
  }
  return Number(raw);
}

/** Reads the command line into SandboxOptions. */
function parseCli(argv: string[]): SandboxOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      key: { type: 'string' },
      plan: { type: 'string' },
      'main-limit': { type: 'string' },
      'main-window-ms': { type: 'string' },
      'shorten-limit': { type: 'string' },
      'shorten-window-ms': { type: 'string' },
      seed: { type: 'string' },
      'latency-ms': { type: 'string' },
      'rate-window': { type: 'string' },
      'real-deployment': { type: 'boolean' },
      'empty-qr-stats': { type: 'string' },
      'extra-key': { type: 'string', multiple: true },
      http2: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const opts: SandboxOptions = {};
  const set = <K extends keyof SandboxOptions>(k: K, v: SandboxOptions[K] | undefined): void => {
    if (v !== undefined) opts[k] = v;
  };
  set('port', intOption(values, 'port'));
  set('key', values.key);
  if (values.plan !== undefined && values.plan !== 'free' && values.plan !== 'pro') {
    console.error('--plan must be free or pro');
    process.exit(2);
  }
  set('plan', values.plan);
  set('mainLimit', intOption(values, 'main-limit'));
  set('mainWindowMs', intOption(values, 'main-window-ms'));
  set('shortenLimit', intOption(values, 'shorten-limit'));
  set('shortenWindowMs', intOption(values, 'shorten-window-ms'));
  if (values.seed !== undefined && values.seed !== 'demo' && values.seed !== 'empty') {
    console.error('--seed must be demo or empty');
    process.exit(2);
  }
  set('seed', values.seed);
  set('latencyMs', intOption(values, 'latency-ms'));
  const rw = values['rate-window'];
  if (rw !== undefined && rw !== 'aligned' && rw !== 'first-request') {
    console.error('--rate-window must be aligned or first-request');
    process.exit(2);
  }
  set('rateWindow', rw);
  if (values['real-deployment']) opts.realDeployment = true;
  if (values.http2) opts.http2 = true;
  const eq = values['empty-qr-stats'];
  if (eq !== undefined && eq !== 'object' && eq !== 'array') {
    console.error('--empty-qr-stats must be object or array');
    process.exit(2);
  }
  set('emptyQrStats', eq);
  const extra = (values['extra-key'] ?? []).map((spec) => {
    const [key, plan = 'pro'] = spec.split(':');
    if (!key || (plan !== 'free' && plan !== 'pro')) {
      console.error('--extra-key must be KEY or KEY:free or KEY:pro');
      process.exit(2);
    }
    return { key, plan: plan as 'free' | 'pro' };
  });
  if (extra.length > 0) set('extraKeys', extra);
  return opts;
}

async function main(): Promise<void> {
  const opts = parseCli(process.argv.slice(2));
  const sandbox = await startSandbox(opts);
  const plan = sandbox.state.forKey(sandbox.key).account.status;
  console.log(`Sandbox: ${sandbox.url}`);
  console.log(`API key: ${sandbox.key}`);
  console.log(`Plan: ${plan}`);
  const certFile = sandbox.certificate ? join(tmpdir(), `linkshort-sandbox-${process.pid}.pem`) : undefined;
  if (sandbox.certificate && certFile) {
    const file = certFile;
    writeFileSync(file, sandbox.certificate.cert);
    console.log(`Certificate: ${file} (curl --cacert ${file})`);
    console.log(`Chromium: --ignore-certificate-errors-spki-list=${sandbox.certificate.spki}`);
  }
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    if (certFile) rmSync(certFile, { force: true });
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGUSR1', () => void sandbox.stop().then(() => console.log('Sandbox: stopped (connections refused)')));
  process.on('SIGUSR2', () => void sandbox.start().then(() => console.log(`Sandbox: started again at ${sandbox.url}`)));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
