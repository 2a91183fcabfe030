/** Low-level HTTP helpers of the sandbox: CORS, body reading, writing answers, errors. */
import type { Readable } from 'node:stream';
import { answerGone, type SandboxResponse } from './listener';

/** A failure a handler throws; the server wraps it in the envelope of the request's group. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** What a route handler returns: a status (default 200) and a JSON body. */
export interface Reply {
  status?: number;
  body: unknown;
}

/** Headers every answer carries, so browser pages and the extension can read them. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Authorization, X-API-KEY, Content-Type',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'Access-Control-Expose-Headers': 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-RateLimit-Reset-Ms, Retry-After',
  'Access-Control-Max-Age': '600',
};

/** Largest request body accepted. */
const MAX_BODY_BYTES = 1_000_000;

/** Reads the request body as text (rejects with HttpError 413 beyond 1 MB). */
export function readBody(req: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) reject(new HttpError(413, 'Request body too large.'));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

/** Parses a JSON request body; empty → {}; anything but an object → HttpError 400. */
export function parseJsonBody(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Invalid JSON body.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}

/** Writes a complete answer (no-op when the socket is already gone). */
export function writeAnswer(res: SandboxResponse, status: number, headers: Record<string, string>, body: string | Buffer = ''): void {
  if (answerGone(res) || res.writableEnded) return;
  const payload = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const all = { ...CORS_HEADERS, ...headers, 'Content-Length': String(payload.length) };
  if ('stream' in res) res.writeHead(status, all).end(payload);
  else res.writeHead(status, all).end(payload);
}

/** Content-Type headers. */
export const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' } as const;
export const HTML_TYPE = { 'Content-Type': 'text/html; charset=utf-8' } as const;

/** Escapes text for HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
