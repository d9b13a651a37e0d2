import { randomBytes, webcrypto } from 'node:crypto';

/** The provider's TLS identity for one run. */
export interface ServerCertificate {
  readonly certPem: string;
  readonly keyPem: string;
  /** The certificate's DER, which the handshake line carries. */
  readonly der: Uint8Array;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const HOUR_MS = 3_600_000;

/**
 * A fresh self-signed ECDSA P-256 certificate for `localhost` (the name go-plugin's client checks),
 * usable for server and client auth, valid from an hour ago (clock skew) for 30 days. The x509
 * library is imported only here: debug mode, which serves plaintext, never loads it.
 * (Same approach as the emulator's certificate; not imported from there to keep src/terraform/
 * independent of src/emulator/.)
 */
export async function serverCertificate(): Promise<ServerCertificate> {
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']));
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    // A leading 01 keeps the DER integer positive whatever the random bytes are.
    serialNumber: `01${randomBytes(8).toString('hex')}`,
    name: 'CN=terraform-provider-dsiprouter',
    notBefore: new Date(now - HOUR_MS),
    notAfter: new Date(now + 30 * 24 * HOUR_MS),
    signingAlgorithm: ALGORITHM,
    keys: keys,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth]),
      new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: 'localhost' }]),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return {
    certPem: cert.toString('pem'),
    keyPem: x509.PemConverter.encode(pkcs8, 'PRIVATE KEY'),
    der: new Uint8Array(cert.rawData),
  };
}
