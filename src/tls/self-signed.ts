import { randomBytes, webcrypto } from 'node:crypto';

/** A name a certificate is valid for: an IP address or a DNS name. */
export interface AltName {
  readonly type: 'ip' | 'dns';
  readonly value: string;
}

/** What to put in a self-signed certificate. */
export interface SelfSignedOptions {
  /** The subject's common name, e.g. `dsipform emulator`; informative only (clients check altNames). */
  readonly commonName: string;
  /** The subject alternative names clients verify the server by. */
  readonly altNames: readonly AltName[];
  /** How long before now the certificate starts being valid, to allow for clock skew (ms). */
  readonly backdateMs: number;
  /** How long after now the certificate stays valid (ms). */
  readonly validForMs: number;
  /** Also usable as a TLS client certificate (go-plugin's mutual TLS); default server only. */
  readonly clientAuth?: boolean;
}

/** A self-signed certificate and its private key. */
export interface SelfSignedCertificate {
  /** The certificate, PEM. */
  readonly cert: string;
  /** The PKCS#8 private key, PEM. */
  readonly key: string;
  /** The certificate's DER bytes. */
  readonly der: Uint8Array;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/**
 * A fresh self-signed ECDSA P-256 end-entity certificate (not a CA) with a random serial, for
 * `options.altNames`, valid from `backdateMs` ago for `validForMs`. The one certificate maker of the
 * emulator and the provider host. The x509 library is imported only when this runs, so a process
 * that serves plain text (the HTTP emulator, the provider in debug mode) never loads it.
 */
export async function selfSignedCertificate(options: SelfSignedOptions): Promise<SelfSignedCertificate> {
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const now = Date.now();
  const usages = options.clientAuth
    ? [x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth]
    : [x509.ExtendedKeyUsage.serverAuth];
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    // A leading 01 keeps the DER integer positive whatever the random bytes are.
    serialNumber: `01${randomBytes(8).toString('hex')}`,
    name: `CN=${options.commonName}`,
    notBefore: new Date(now - options.backdateMs),
    notAfter: new Date(now + options.validForMs),
    signingAlgorithm: ALGORITHM,
    keys: keys,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      // An ECDSA key signs; it enciphers no keys (RFC 5480), so digitalSignature is its one usage.
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension(usages),
      new x509.SubjectAlternativeNameExtension(options.altNames.map((n) => ({ type: n.type, value: n.value }))),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { cert: cert.toString('pem'), key: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'), der: new Uint8Array(cert.rawData) };
}
