// The files the endpoint-group CLI tests plan: one group of two endpoints and a mapping to it, and
// the same with a second group the plan creates. Their line numbers are asserted by the tests.

/** Acme PBX (two endpoints) and a mapping of 15551230001 to it. */
export const ACME = `version: 1
endpoint_groups:
  - name: Acme PBX
    endpoints:
      - name: acme-main
        hostname: 203.0.113.10
      - name: acme-backup
        hostname: 203.0.113.11:5080
inbound_mappings:
  - did: "15551230001"
    group: Acme PBX
`;

/** The entry of Beta PBX, a group the plan creates (one endpoint). */
export const BETA_GROUP = `  - name: Beta PBX
    endpoints:
      - name: beta-1
        hostname: 198.51.100.7
`;

/** ACME with Beta PBX, which the plan creates, and a mapping of 15551230002 to it. */
export const WITH_BETA = `${ACME.replace('inbound_mappings:\n', `${BETA_GROUP}inbound_mappings:\n`)}  - did: "15551230002"
    group: Beta PBX
`;
