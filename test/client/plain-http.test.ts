import { describe, expect, it } from 'vitest';
import { transportFailure } from '../../src/api/failure.js';
import { emulatorFixture } from '../helpers/emulator.js';
import { runMain } from '../helpers/in-process.js';

/*
 * An https:// URL for a plain-HTTP server fails in the TLS record layer ("wrong version number"):
 * the error leads with that cause and says to use http://, not to trust a certificate.
 */

describe('https:// against a plain-HTTP server', () => {
  it('says the server answered plain HTTP and to use http://, with no certificate advice', async () => {
    const { emu } = await emulatorFixture();
    const https = emu.url.replace(/^http:/, 'https:');
    const r = await runMain(['stats', '--url', https], { env: { DSIP_TOKEN: emu.token } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`TLS with ${https} failed: the server answered plain HTTP (ERR_SSL_WRONG_VERSION_NUMBER)`);
    expect(r.stderr).toContain(`hint: The server answered plain HTTP: use ${emu.url} in --url (or DSIP_URL).`);
    expect(r.stderr).not.toMatch(/certificate|--ca|--insecure/);
  });
});

describe('transportFailure: which TLS failure leads with which cause', () => {
  const req = { method: 'GET', path: '/proxy/stats' } as const;
  const fail = (code: string, message = 'x') => transportFailure(Object.assign(new Error(message), { code }), req, 'https://h:5000', 1000);
  it.each([
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'ssl3_get_record:wrong version number', /answered plain HTTP: use http:\/\/h:5000 in/],
    ['ERR_SSL_PACKET_LENGTH_TOO_LONG', 'packet length too long', /answered plain HTTP: use http:\/\/h:5000 in/],
    ['EPROTO', 'write EPROTO ...:wrong version number:...', /answered plain HTTP: use http:\/\/h:5000 in/],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate', /^The server certificate was not accepted: pass its CA with --ca FILE/],
    ['ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames", /^The server certificate was not accepted/],
    ['EPROTO', 'write EPROTO ...:sslv3 alert handshake failure', /^The TLS handshake failed: check that --url \(or DSIP_URL\) names/],
  ])('%s (%s)', (code, message, hint) => {
    const err = fail(code, message);
    expect(err.code).toBe('API_TLS');
    expect(err.hint).toMatch(hint);
  });
});
