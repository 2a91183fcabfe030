import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derUnsignedInteger, makeCertificate } from '../../sandbox/certificate';

describe('the sandbox certificate', () => {
  it('writes a serial number whose first bytes are zero in the one form DER allows', () => {
    // A random serial starting 00 0x (one start in 256) made the certificate unreadable.
    expect([...derUnsignedInteger(Buffer.from([0x00, 0x01, 0x02]))]).toEqual([0x02, 0x02, 0x01, 0x02]);
    expect([...derUnsignedInteger(Buffer.from([0x00, 0x00]))]).toEqual([0x02, 0x01, 0x00]);
    expect([...derUnsignedInteger(Buffer.from([0x80, 0x01]))]).toEqual([0x02, 0x03, 0x00, 0x80, 0x01]);
    expect([...derUnsignedInteger(Buffer.from([0x00, 0x90]))]).toEqual([0x02, 0x02, 0x00, 0x90]);
  });

  it('is read back by Node for 127.0.0.1 and localhost', () => {
    const { cert } = makeCertificate();
    const x509 = new X509Certificate(cert);
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(x509.checkHost('localhost')).toBe('localhost');
  });
});
