import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { selfSignedCertificate, type AltName } from '../tls/self-signed.js';
import { tlsError } from './start-errors.js';

/** A certificate and its private key, both PEM. */
export interface TlsMaterial {
  readonly cert: string;
  readonly key: string;
}

const DAY_MS = 86_400_000;

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
 * The emulator's own certificate: self-signed for `127.0.0.1`, `localhost` and the listen address
 * `host` (see subjectAltNames), valid from a day ago (clock skew) for a year.
 */
export function emulatorCertificate(host?: string): Promise<TlsMaterial> {
  return selfSignedCertificate({
    commonName: 'dsipform emulator',
    altNames: subjectAltNames(host),
    backdateMs: DAY_MS,
    validForMs: 365 * DAY_MS,
  });
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
    throw tlsError(`${keyName} is not an unencrypted PEM private key (PKCS#8, or a traditional RSA or EC key)`);
  }
  if (!cert.checkPrivateKey(key)) throw tlsError(`${keyName} does not belong to ${certName}: they were not made together`);
}
