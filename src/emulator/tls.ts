import { X509Certificate, createPrivateKey, randomBytes, webcrypto, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { tlsError } from './start-errors.js';

/** A certificate and its private key, both PEM. */
export interface TlsMaterial {
  readonly cert: string;
  readonly key: string;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;

type AltName = { type: 'ip' | 'dns'; value: string };

/**
 * The names a certificate for a server listening on `host` carries: `127.0.0.1` and `localhost`
 * always, and the listen address itself (an IP SAN for an address, a DNS SAN for a name), so a
 * client that connects to the address it was given can verify it. A wildcard address (0.0.0.0, ::)
 * is no name to connect to: the machine's host name stands for it.
 */
export function subjectAltNames(host?: string): AltName[] {
  const names: AltName[] = [
    { type: 'ip', value: '127.0.0.1' },
    { type: 'dns', value: 'localhost' },
  ];
  const add = (name: AltName): void => {
    if (!names.some((n) => n.type === name.type && n.value.toLowerCase() === name.value.toLowerCase())) names.push(name);
  };
  if (host === undefined || host === '') return names;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (bare === '0.0.0.0' || bare === '::') add({ type: 'dns', value: hostname() });
  else add({ type: isIP(bare) ? 'ip' : 'dns', value: bare });
  return names;
}

/**
 * A fresh self-signed ECDSA P-256 certificate for `127.0.0.1`, `localhost` and the listen address
 * `host` (see subjectAltNames), valid from a day ago (clock skew) for a year. The x509 library is
 * imported only here, so starting a plain-HTTP emulator never loads it.
 */
export async function selfSignedCertificate(host?: string): Promise<TlsMaterial> {
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']));
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    // A leading 01 keeps the DER integer positive whatever the random bytes are.
    serialNumber: `01${randomBytes(8).toString('hex')}`,
    name: 'CN=dsipform emulator',
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 365 * DAY_MS),
    signingAlgorithm: ALGORITHM,
    keys: keys,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(subjectAltNames(host)),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { cert: cert.toString('pem'), key: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY') };
}

/**
 * Checks a certificate and key given by the user before serving them, so a mistake is told in words
 * ("not a PEM certificate", "the key does not belong to the certificate") rather than as an OpenSSL
 * error from deep inside the TLS server. Throws a coded `EMULATOR_TLS_INVALID` error.
 */
export function checkTlsMaterial(material: TlsMaterial, certName = 'the certificate', keyName = 'the key'): void {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(material.cert);
  } catch {
    throw tlsError(`${certName} is not a PEM certificate (a file starting with -----BEGIN CERTIFICATE-----)`);
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(material.key);
  } catch {
    throw tlsError(`${keyName} is not a PEM private key (a file starting with -----BEGIN PRIVATE KEY-----), or it is encrypted`);
  }
  if (!cert.checkPrivateKey(key)) throw tlsError(`${keyName} does not belong to ${certName}: they were not made together`);
}
