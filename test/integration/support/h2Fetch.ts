/**
 * A `fetch` over one HTTP/2 connection (node:http2), as a browser talks to an HTTP/2 service:
 * every request a stream of the same session, in flight together. Node's own fetch speaks
 * HTTP/1.1 only; the integration tests hand this one to the worker's service instead.
 */
import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';

/** A fetch to `origin` over one HTTP/2 session that trusts `ca` (the sandbox's certificate); `close` ends the session. */
export function h2Fetch(origin: string, ca: string): { fetch: typeof fetch; close: () => void } {
  let session: ClientHttp2Session | undefined;
  const open = () => {
    if (!session || session.closed || session.destroyed) {
      session = connect(origin, { ca });
      session.on('error', () => undefined); // each stream fails on its own
    }
    return session;
  };
  const fetchH2 = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    if (url.origin !== origin) throw new TypeError(`h2Fetch: ${url.origin} is not ${origin}`);
    const body = req.method === 'GET' || req.method === 'HEAD' ? null : Buffer.from(await req.arrayBuffer());
    const headers: Record<string, string> = { ':method': req.method, ':path': url.pathname + url.search };
    req.headers.forEach((v, k) => (headers[k] = v));
    return new Promise((resolve, reject) => {
      const stream = open().request(headers, { endStream: body === null });
      const signal = init?.signal;
      const abort = () => {
        stream.close(constants.NGHTTP2_CANCEL);
        reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
      };
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      stream.on('error', reject);
      let head: IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (h) => (head = h));
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        signal?.removeEventListener('abort', abort);
        const status = Number(head[':status']);
        const out = new Headers();
        for (const [k, v] of Object.entries(head))
          if (!k.startsWith(':') && v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
        const payload = status === 204 || status === 304 || req.method === 'HEAD' ? null : Buffer.concat(chunks);
        resolve(new Response(payload, { status, headers: out }));
      });
      if (body !== null) stream.end(body);
    });
  };
  return { fetch: fetchH2 as typeof fetch, close: () => session?.close() };
}
