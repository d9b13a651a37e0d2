/**
 * A desired-state file whose one carrier group registers with `password` (as written in YAML: the
 * default `${TELNYX_PASSWORD}` takes it from that variable), followed by `extra` (more collections).
 * The password tests of the config loader and the CLI share it.
 */
export function passwordGroupFile(password = '${TELNYX_PASSWORD}', extra = ''): string {
  return `version: 1
carrier_groups:
  - name: Telnyx
    lb_enabled: false
    endpoints:
      - {name: t1, hostname: sip.telnyx.example.com}
    auth:
      type: userpwd
      auth_username: acme
      auth_password: ${password}
${extra}`;
}
