import { selfSignedCertificate, type SelfSignedCertificate } from '../../tls/self-signed.js';

const HOUR_MS = 3_600_000;

/**
 * The provider's TLS identity for one run: self-signed for `localhost` (the name go-plugin's
 * client checks), usable for server and client auth, valid from an hour ago (clock skew) for 30
 * days. The handshake line carries its `der`.
 */
export function serverCertificate(): Promise<SelfSignedCertificate> {
  return selfSignedCertificate({
    commonName: 'terraform-provider-dsiprouter',
    altNames: [{ type: 'dns', value: 'localhost' }],
    backdateMs: HOUR_MS,
    validForMs: 30 * 24 * HOUR_MS,
    clientAuth: true,
  });
}
