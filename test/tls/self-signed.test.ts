import { execFileSync } from 'node:child_process';
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from '../../src/tls/self-signed.js';

const HOUR_MS = 3_600_000;

describe('selfSignedCertificate', () => {
  it('makes a certificate for the names given, valid for the window given, with its own key', async () => {
    const before = Date.now();
    const made = await selfSignedCertificate({
      commonName: 'a test server',
      altNames: [
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'pbx.example.com' },
      ],
      backdateMs: HOUR_MS,
      validForMs: 2 * HOUR_MS,
    });
    const cert = new X509Certificate(made.cert);
    expect(cert.subject).toBe('CN=a test server');
    expect(cert.subjectAltName).toBe('IP Address:127.0.0.1, DNS:pbx.example.com');
    expect(cert.checkHost('pbx.example.com')).toBe('pbx.example.com');
    expect(cert.checkHost('other.example.com')).toBeUndefined();
    expect(cert.ca).toBe(false);
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']); // serverAuth only
    expect(cert.checkPrivateKey(createPrivateKey(made.key))).toBe(true);
    expect(Buffer.from(made.der)).toEqual(cert.raw);
    const from = Date.parse(cert.validFrom);
    const to = Date.parse(cert.validTo);
    // X.509 times have whole seconds.
    expect(Math.abs(from - (before - HOUR_MS))).toBeLessThan(5000);
    expect(Math.abs(to - (before + 2 * HOUR_MS))).toBeLessThan(5000);
  });

  it('adds clientAuth when asked, and gives a new key and serial each time', async () => {
    const options = { commonName: 'x', altNames: [{ type: 'dns', value: 'localhost' }] as const, backdateMs: 0, validForMs: HOUR_MS };
    const [a, b] = [await selfSignedCertificate({ ...options, clientAuth: true }), await selfSignedCertificate(options)];
    const [ca, cb] = [new X509Certificate(a.cert), new X509Certificate(b.cert)];
    expect(ca.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1', '1.3.6.1.5.5.7.3.2']);
    expect(ca.serialNumber).not.toBe(cb.serialNumber);
    expect(ca.checkPrivateKey(createPrivateKey(b.key))).toBe(false);
  });

  it('is a certificate openssl reads field by field, and its signature verifies with its own key', async () => {
    const made = await selfSignedCertificate({
      commonName: `long ${'x'.repeat(150)}`, // a name over 127 bytes: long-form DER lengths inside the name
      altNames: [
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '::1' },
        { type: 'ip', value: '10.0.0.7' },
      ],
      backdateMs: 0,
      validForMs: 30 * 24 * HOUR_MS,
      clientAuth: true,
    });
    const cert = new X509Certificate(made.cert);
    expect(cert.verify(createPublicKey(made.key))).toBe(true);
    expect(cert.subjectAltName).toBe('DNS:localhost, IP Address:0:0:0:0:0:0:0:1, IP Address:10.0.0.7');
    expect(cert.checkIP('::1')).toBe('::1');
    const text = execFileSync('openssl', ['x509', '-noout', '-text'], { input: made.cert, encoding: 'utf8' });
    expect(text).toContain('Version: 3 (0x2)');
    expect(text).toContain('Signature Algorithm: ecdsa-with-SHA256');
    expect(text).toContain(`Subject: CN = long ${'x'.repeat(150)}`);
    expect(text).toContain('ASN1 OID: prime256v1');
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
    expect(text).toMatch(/X509v3 Extended Key Usage:\s+TLS Web Server Authentication, TLS Web Client Authentication/);
    expect(text).toMatch(/X509v3 Subject Alternative Name:\s+DNS:localhost, IP Address:0:0:0:0:0:0:0:1, IP Address:10.0.0.7/);
    // The serial: 9 octets, the first 01.
    expect(cert.serialNumber).toMatch(/^01[0-9A-F]{16}$/);
    // openssl re-encodes what it parsed: the same bytes, so the encoding is DER (canonical), not merely BER.
    const again = execFileSync('openssl', ['x509', '-outform', 'DER'], { input: made.cert });
    expect(again.equals(Buffer.from(made.der))).toBe(true);
  });
});
