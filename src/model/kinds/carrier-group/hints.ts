import { CARRIER_GROUP_HINTS } from '../../carrier-group-normalize.js';

/**
 * The hints of the carrier groups' schema paths (`carrier_groups[].endpoints[].hostname`), by path shape: what the files' schema check shows under an issue
 * there (src/config/messages.ts looks them up through the kind's module).
 */
export const CARRIER_GROUP_SCHEMA_HINTS: Readonly<Record<string, string>> = {
  carrier_groups: 'write a list of carrier groups; carrier_groups: [] manages none (live carrier groups get deleted)',
  'carrier_groups[]': 'write each group as: - name: "Carrier A" then endpoints: [{name: gw1, hostname: "gw1.example.com"}]',
  'carrier_groups[].name': CARRIER_GROUP_HINTS.name,
  'carrier_groups[].lb_enabled': CARRIER_GROUP_HINTS.lb,
  'carrier_groups[].endpoints': CARRIER_GROUP_HINTS.endpoints,
  'carrier_groups[].endpoints[]': 'write each gateway as: - name: gw1 then hostname: "gw1.example.com"',
  'carrier_groups[].endpoints[].name': CARRIER_GROUP_HINTS.endpointName,
  'carrier_groups[].endpoints[].hostname': CARRIER_GROUP_HINTS.hostname,
  'carrier_groups[].endpoints[].strip': CARRIER_GROUP_HINTS.strip,
  'carrier_groups[].endpoints[].prefix': 'quote the prefix: prefix: "9"',
  'carrier_groups[].endpoints[].weight': CARRIER_GROUP_HINTS.weight,
  'carrier_groups[].auth': CARRIER_GROUP_HINTS.authType,
  'carrier_groups[].auth.type': 'write type: ip (by address) or type: userpwd (username and password)',
  'carrier_groups[].auth.r_username': CARRIER_GROUP_HINTS.text,
  'carrier_groups[].auth.auth_username': CARRIER_GROUP_HINTS.text,
  'carrier_groups[].auth.auth_password': CARRIER_GROUP_HINTS.password,
  'carrier_groups[].auth.auth_domain': CARRIER_GROUP_HINTS.text,
  'carrier_groups[].auth.auth_proxy': CARRIER_GROUP_HINTS.text,
  'policy.ignore.carrier_groups': 'list carrier-group name globs: carrier_groups: ["legacy-*"]',
  'policy.ignore.carrier_groups[]': 'write the carrier-group name glob in quotes: "legacy-*"',
};
