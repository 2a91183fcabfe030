/**
 * A self-signed certificate for the sandbox's HTTPS (HTTP/2) listener, made in Node at start:
 * an EC P-256 key and an X.509 v3 certificate for 127.0.0.1 and localhost, written in DER by
 * hand (node:crypto signs; it cannot write a certificate) so that nothing outside Node is needed.
 * The browser of a test or the bench is told to trust it by its key's hash (`spki`), never a
 * shipped build.
 */
import { X509Certificate, createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

export interface SandboxCertificate {
  /** PEM of the private key and of the certificate, for the server (and `ca` for a Node client). */
  key: string;
  cert: string;
  /** Base64 SHA-256 of the certificate's SubjectPublicKeyInfo: Chromium's `--ignore-certificate-errors-spki-list`. */
  spki: string;
}

/** One DER element: tag, length, contents. */
function der(tag: number, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const n = body.length;
  const len = n < 0x80 ? Buffer.from([n]) : lengthBytes(n);
  return Buffer.concat([Buffer.from([tag]), len, body]);
}

function lengthBytes(n: number): Buffer {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const seq = (...parts: Buffer[]) => der(0x30, ...parts);

/** A non-negative DER INTEGER from big-endian bytes, in its one minimal form (DER refuses a padded one). */
export function derUnsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const body = bytes.subarray(start);
  return der(0x02, body[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), body]) : body);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [a! * 40 + b!];
  for (const v of rest) {
    const chunk = [v & 0x7f];
    for (let x = v >>> 7; x > 0; x >>>= 7) chunk.unshift((x & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return der(0x06, Buffer.from(out));
}

/** UTCTime, YYMMDDHHMMSSZ (years before 2050). */
function utcTime(d: Date): Buffer {
  const iso = d.toISOString(); // 2026-11-27T16:31:24.000Z
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return der(0x17, Buffer.from(text, 'ascii'));
}

const ECDSA_SHA256 = '1.2.840.10045.4.3.2';

/** A new key and a certificate for 127.0.0.1 and localhost, valid from a day ago for 30 days. */
export function makeCertificate(): SandboxCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spkiDer = publicKey.export({ type: 'spki', format: 'der' });
  const name = seq(der(0x31, seq(oid('2.5.4.3'), der(0x0c, Buffer.from('LinkShort sandbox', 'utf8')))));
  const now = Date.now();
  // subjectAltName: iPAddress 127.0.0.1 ([7]) and dNSName localhost ([2]).
  const altNames = seq(der(0x87, Buffer.from([127, 0, 0, 1])), der(0x82, Buffer.from('localhost', 'ascii')));
  const extensions = der(0xa3, seq(seq(oid('2.5.29.17'), der(0x04, altNames))));
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))), // v3
    derUnsignedInteger(randomBytes(8)),
    seq(oid(ECDSA_SHA256)),
    name,
    seq(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 30 * 86_400_000))),
    name,
    spkiDer,
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certDer = seq(tbs, seq(oid(ECDSA_SHA256)), der(0x03, Buffer.from([0]), signature));
  const lines = certDer
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  const cert = `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`;
  // Node reads it back (a malformed certificate would fail here, not in a browser later).
  if (!new X509Certificate(cert).verify(publicKey)) throw new Error('The sandbox certificate does not verify');
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert,
    spki: createHash('sha256').update(spkiDer).digest('base64'),
  };
}
