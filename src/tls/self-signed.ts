import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import * as der from './der.js';

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

/** ecdsa-with-SHA256 (RFC 5758): the certificate's signature algorithm, with no parameters. */
const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const OID = {
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
} as const;

/** An Extension (RFC 5280 4.1): its OID, critical when true, and its DER value in an OCTET STRING. */
function extension(id: string, critical: boolean, value: Uint8Array): Uint8Array {
  return der.sequence(der.oid(id), ...(critical ? [der.boolean(true)] : []), der.octetString(value));
}

/** A GeneralName: dNSName is `[2] IMPLICIT IA5String`, iPAddress `[7] IMPLICIT OCTET STRING`. */
function generalName(name: AltName): Uint8Array {
  return name.type === 'ip'
    ? der.contextTag(7, der.ipOctets(name.value), false)
    : der.contextTag(2, new TextEncoder().encode(name.value), false);
}

/**
 * A fresh self-signed ECDSA P-256 end-entity certificate (not a CA) with a random serial, for
 * `options.altNames`, valid from `backdateMs` ago for `validForMs`. The one certificate maker of the
 * emulator and the provider host. Built with node:crypto alone: the key pair, the DER of the
 * to-be-signed part (./der.ts, only the elements this certificate has) and its ECDSA signature.
 * Async for its callers' sake; it takes about a millisecond.
 */
export async function selfSignedCertificate(options: SelfSignedOptions): Promise<SelfSignedCertificate> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const now = Date.now();
  const name = der.sequence(der.set(der.sequence(der.oid(OID.commonName), der.utf8String(options.commonName))));
  const algorithm = der.sequence(der.oid(ECDSA_WITH_SHA256));
  const usages = options.clientAuth ? [OID.serverAuth, OID.clientAuth] : [OID.serverAuth];
  const extensions = [
    // cA FALSE is DEFAULT, so DER leaves it out: an empty SEQUENCE.
    extension(OID.basicConstraints, true, der.sequence()),
    // An ECDSA key signs; it enciphers no keys (RFC 5480), so digitalSignature (bit 0) is its one usage.
    extension(OID.keyUsage, true, der.bitString(Uint8Array.of(0x80), 7)),
    extension(OID.extKeyUsage, false, der.sequence(...usages.map((u) => der.oid(u)))),
    extension(OID.subjectAltName, false, der.sequence(...options.altNames.map(generalName))),
  ];
  const tbs = der.sequence(
    der.contextTag(0, der.smallInteger(2), true), // version v3
    // A leading 01 keeps the serial positive and of a fixed size whatever the random bytes are.
    der.unsignedInteger(Buffer.concat([Buffer.of(1), randomBytes(8)])),
    algorithm,
    name, // issuer: self-signed
    der.sequence(der.time(new Date(now - options.backdateMs)), der.time(new Date(now + options.validForMs))),
    name, // subject
    new Uint8Array(publicKey.export({ type: 'spki', format: 'der' })),
    der.contextTag(3, der.sequence(...extensions), true),
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const certificate = der.sequence(tbs, algorithm, der.bitString(new Uint8Array(signature)));
  return { cert: pem('CERTIFICATE', certificate), key: String(privateKey.export({ type: 'pkcs8', format: 'pem' })), der: certificate };
}

/** PEM armour (RFC 7468): base64 in lines of 64. */
function pem(label: string, bytes: Uint8Array): string {
  const lines =
    Buffer.from(bytes)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
