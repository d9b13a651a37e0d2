/**
 * The hints of the numbers' schema paths (`numbers[].status`), by path shape: what the files'
 * schema check shows under a number's issue (src/config/messages.ts looks them up).
 */
export const NUMBER_HINTS: Readonly<Record<string, string>> = {
  numbers: 'write a list of numbers; numbers: [] manages none (live numbers get deleted)',
  'numbers[]': 'write each number as: - did: "15557770001" then status: assigned, carrier: Telnyx, pool: chicago-main',
  'numbers[].did': 'quote the DID: did: "15557770001"',
  'numbers[].status': 'write one of available, reserved, assigned (status: assigned), or leave it out for none',
  'numbers[].carrier': 'write the carrier as text: carrier: Telnyx, or leave it out for none',
  'numbers[].pool': 'write the pool as text: pool: chicago-main, or leave it out for none',
  'policy.ignore.numbers': 'list DID globs: numbers: ["1800*"]',
  'policy.ignore.numbers[]': 'write the DID glob in quotes: "1800*"',
};
