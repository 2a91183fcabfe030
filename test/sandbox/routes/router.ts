/** The route table type, path matching and the list envelope shared by the resource routes. */
import { HttpError, type Reply } from '../http';
import type { AccountData, SandboxState } from '../state';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a handler gets: the caller's account, the whole store, path params, query, body. */
export interface RouteContext {
  data: AccountData;
  state: SandboxState;
  params: Record<string, string | undefined>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** The sandbox answers like real deployments (SandboxOptions.realDeployment). */
  realDeployment: boolean;
  /** How a QR code without statistics is answered (SandboxOptions.emptyQrStats). */
  emptyQrStats: 'object' | 'array';
}

export type Handler = (ctx: RouteContext) => Reply;

export interface Route {
  method: Method;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

/** Declares a route; `:name` in the path matches one segment. */
export function route(method: Method, path: string, handler: Handler): Route {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { method, pattern: new RegExp(`^${source}/?$`), names, handler };
}

/** Finds the route for a request: the route and its params, 'method' if only the method differs, or undefined. */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string | undefined> } | 'method' | undefined {
  let pathMatched = false;
  for (const r of routes) {
    const m = r.pattern.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (r.method !== method) continue;
    const params: Record<string, string | undefined> = {};
    r.names.forEach((name, i) => {
      const raw = m[i + 1];
      params[name] = raw === undefined ? undefined : safeDecode(raw);
    });
    return { route: r, params };
  }
  return pathMatched ? 'method' : undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Default and largest `limit` of list endpoints (the interface does not show them). */
export const DEFAULT_LIMIT = 15;
export const MAX_LIMIT = 100;

/**
 * The list envelope: `{error:"0", data:{result, perpage, currentpage, nextpage, maxpage, [name]}}`.
 * `limit` defaults to 15 and is clamped to 1..100; `page` defaults to 1. Items are listed newest
 * first (id descending). `result` is the total count; `nextpage` is null on the last page (and
 * beyond it, where the array is empty).
 */
export function listReply<T>(items: readonly T[], query: URLSearchParams, name: string): Reply {
  const perpage = clampInt(query.get('limit'), DEFAULT_LIMIT, 1, MAX_LIMIT);
  const currentpage = clampInt(query.get('page'), 1, 1, Number.MAX_SAFE_INTEGER);
  const result = items.length;
  const maxpage = Math.max(1, Math.ceil(result / perpage));
  const slice = items.slice((currentpage - 1) * perpage, currentpage * perpage);
  return {
    body: {
      error: '0',
      data: { result, perpage, currentpage, nextpage: currentpage < maxpage ? currentpage + 1 : null, maxpage, [name]: slice },
    },
  };
}

/** Newest first: a copy sorted by descending id. */
export function newestFirst<T extends { id: number | null }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => (b.id ?? -Infinity) - (a.id ?? -Infinity));
}

function clampInt(raw: string | null, fallback: number, min: number, max: number): number {
  if (raw === null || !/^\s*-?\d+\s*$/.test(raw)) return fallback;
  return Math.min(max, Math.max(min, Number(raw)));
}

/** The `extra` members of a record, spread into its JSON. */
export function withExtra<T extends object>(json: T, extra: Record<string, unknown> | undefined): T {
  return extra ? { ...json, ...extra } : json;
}

/** Finds by id or throws 404 "<what> not found." */
export function findOr404<T extends { id: number | null }>(items: readonly T[], id: number, what: string): T {
  const item = items.find((x) => x.id === id);
  if (!item) throw new HttpError(404, `${what} not found.`);
  return item;
}

/** The `{error:0, message}` answer of update/delete endpoints. */
export function ok(message: string): Reply {
  return { body: { error: 0, message } };
}
