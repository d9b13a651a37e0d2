/**
 * The hints of the leases' schema paths (`endpoint_leases[].email`), by path shape: what the files' schema check shows under an issue
 * there (src/config/messages.ts looks them up through the kind's module).
 */
export const LEASE_HINTS: Readonly<Record<string, string>> = {
  endpoint_leases: 'write a list of leases; endpoint_leases: [] manages none (leases dsipform obtained get revoked)',
  'endpoint_leases[]': 'write each lease as: - name: ci-softphone then email: ops@example.com and ttl: 15m',
  'endpoint_leases[].name': 'name the lease with text: name: ci-softphone',
  'endpoint_leases[].email': 'write the address as text: email: ops@example.com',
  'endpoint_leases[].ttl': 'write seconds (ttl: 900) or a whole number with s, m or h (ttl: 15m)',
  'endpoint_leases[].renew_before':
    'write seconds (renew_before: 120) or a whole number with s, m or h (renew_before: 2m); leave it out for 10% of the ttl',
  'policy.ignore.endpoint_leases': 'list lease-name globs: endpoint_leases: ["ci-*"]',
  'policy.ignore.endpoint_leases[]': 'write the lease-name glob in quotes: "ci-*"',
};
