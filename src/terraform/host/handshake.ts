/**
 * The go-plugin handshake as Terraform runs it: an environment that proves Terraform started us,
 * and one line on stdout that tells Terraform where and how to connect.
 */

/** go-plugin's "magic cookie" for Terraform providers: not a secret, a guard against running by hand. */
export const MAGIC_COOKIE_KEY = 'TF_PLUGIN_MAGIC_COOKIE';
export const MAGIC_COOKIE_VALUE = 'd602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2';

/** go-plugin's own protocol version, then the Terraform plugin protocol this provider speaks. */
const CORE_PROTOCOL_VERSION = 1;
const PLUGIN_PROTOCOL_VERSION = 6;

/** What to tell a person who runs the binary by hand. */
export const NOT_BY_HAND_MESSAGE = `This binary is a plugin for Terraform: Terraform starts it, it is not meant to be run by hand.

To use it, install it for Terraform (\`dsipform terraform-mirror DIR\` prints a CLI configuration to
put in TF_CLI_CONFIG_FILE), declare it in your configuration:

  terraform {
    required_providers { dsiprouter = { source = "dsipform/dsiprouter" } }
  }

and run terraform init, plan and apply. To debug it, run it with --debug: it then keeps running
and prints a TF_REATTACH_PROVIDERS value to export before running terraform.
`;

/** How Terraform asked to be served, or why this is not a Terraform start. */
type PluginEnvironment =
  { readonly ok: true; readonly clientCertPem: string | undefined } | { readonly ok: false; readonly message: string };

/**
 * Checks the environment Terraform sets: the magic cookie, protocol 6 among the versions it speaks
 * (all of them when it does not say), and the client certificate (AutoMTLS; without it the
 * server is plaintext, as go-plugin's own servers do).
 */
export function checkPluginEnvironment(env: NodeJS.ProcessEnv): PluginEnvironment {
  if (env[MAGIC_COOKIE_KEY] !== MAGIC_COOKIE_VALUE) return { ok: false, message: NOT_BY_HAND_MESSAGE };
  const versions = (env.PLUGIN_PROTOCOL_VERSIONS ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (versions.length > 0 && !versions.includes(String(PLUGIN_PROTOCOL_VERSION))) {
    return {
      ok: false,
      message:
        `terraform-provider-dsiprouter speaks plugin protocol ${PLUGIN_PROTOCOL_VERSION}; this Terraform offers ` +
        `${versions.join(', ')}. Use Terraform 1.0 or later (or OpenTofu).\n`,
    };
  }
  const cert = env.PLUGIN_CLIENT_CERT;
  return { ok: true, clientCertPem: cert === undefined || cert.trim() === '' ? undefined : cert };
}

/**
 * `1|6|unix|<socket>|grpc|<cert>`: the certificate's DER in base64 without `=` padding (Go's
 * RawStdEncoding; padding makes Terraform fail with "illegal base64 data"), empty for plaintext.
 */
export function handshakeLine(socketPath: string, certDer: Uint8Array | undefined): string {
  const cert = certDer === undefined ? '' : Buffer.from(certDer).toString('base64').replace(/=+$/, '');
  return [CORE_PROTOCOL_VERSION, PLUGIN_PROTOCOL_VERSION, 'unix', socketPath, 'grpc', cert].join('|');
}

/** The value of TF_REATTACH_PROVIDERS for one running provider (go-plugin's ReattachConfig as JSON). */
function reattachProviders(address: string, pid: number, socketPath: string): string {
  return JSON.stringify({
    [address]: {
      Protocol: 'grpc',
      ProtocolVersion: PLUGIN_PROTOCOL_VERSION,
      Pid: pid,
      // Test: Terraform does not kill the process when it is done; it serves the next command too.
      Test: true,
      Addr: { Network: 'unix', String: socketPath },
    },
  });
}

/** The line debug mode prints: a POSIX shell assignment, single-quoted. */
export function reattachLine(address: string, pid: number, socketPath: string): string {
  return `TF_REATTACH_PROVIDERS='${reattachProviders(address, pid, socketPath).replaceAll("'", "'\\''")}'`;
}
