/**
 * The sandbox's socket side: plain HTTP/1.1 (node:http, the default) or HTTP/2 over TLS
 * (node:http2 with a certificate made at start, HTTP/1.1 over TLS still answered for clients
 * without h2), listening on 127.0.0.1, stopped and started again on the same port.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import type { Socket } from 'node:net';
import { makeCertificate, type SandboxCertificate } from './certificate';

export type SandboxRequest = IncomingMessage | Http2ServerRequest;
export type SandboxResponse = ServerResponse | Http2ServerResponse;

export interface Listener {
  /** `http` or `https` (HTTP/2). */
  readonly scheme: 'http' | 'https';
  /** The certificate of the HTTPS listener (absent over HTTP/1.1). */
  readonly certificate: SandboxCertificate | undefined;
  /** Listens on `port` (0: any free one) and returns the port. */
  listen(port: number): Promise<number>;
  /** Stops listening and drops every connection (requests under way get no answer). */
  stop(): Promise<void>;
}

/** A listener handing every request to `handle`: HTTP/1.1, or HTTP/2 over TLS when `http2`. */
export function createListener(handle: (req: SandboxRequest, res: SandboxResponse) => void, http2: boolean): Listener {
  const certificate = http2 ? makeCertificate() : undefined;
  const sockets = new Set<Socket>();
  const sessions = new Set<Http2Session>();
  const server = certificate
    ? createSecureServer({ key: certificate.key, cert: certificate.cert, allowHTTP1: true }, handle)
    : createServer(handle);
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  if (certificate) server.on('secureConnection', track);
  else server.on('connection', track);
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  return {
    scheme: certificate ? 'https' : 'http',
    certificate,
    listen: (port) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          const address = server.address();
          if (address === null || typeof address === 'string') reject(new Error('The sandbox did not get a TCP port'));
          else resolve(address.port);
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sessions) s.destroy();
        for (const s of sockets) s.destroy();
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/** Whether the answer can no longer be written (its socket or stream is gone). */
export function answerGone(res: SandboxResponse): boolean {
  return 'stream' in res ? res.stream.destroyed : res.destroyed;
}

/** Drops a request's answer (its stream over HTTP/2, its socket over HTTP/1.1). */
export function dropAnswer(res: SandboxResponse): void {
  if ('stream' in res) res.stream.destroy();
  else res.destroy();
}
