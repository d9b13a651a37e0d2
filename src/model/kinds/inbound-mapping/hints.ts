/**
 * The hints of the mappings' schema paths (`inbound_mappings[].did`), by path shape: what the files' schema check shows under an issue
 * there (src/config/messages.ts looks them up through the kind's module).
 */
export const MAPPING_HINTS: Readonly<Record<string, string>> = {
  inbound_mappings: 'write a list of mappings; inbound_mappings: [] manages none (live mappings get deleted)',
  'inbound_mappings[]': 'write each mapping as: - did: "15551230001" then servers: ["66"]',
  'inbound_mappings[].did': 'quote the DID: did: "0044123" (did: "" is the default mapping)',
  'inbound_mappings[].servers':
    'list one or two gateway ids, primary first (servers: ["66", "67"]), or one carrier group alone (servers: ["#22"])',
  'inbound_mappings[].servers[]': 'write a gateway id ("66") or a carrier group ("#22") in quotes',
  'inbound_mappings[].notes': 'write the notes as text: notes: "Main office"',
  'policy.ignore.inbound_mappings': 'list DID globs: inbound_mappings: ["1800*"]',
  'policy.ignore.inbound_mappings[]': 'write the DID glob in quotes: "1800*"',
};
