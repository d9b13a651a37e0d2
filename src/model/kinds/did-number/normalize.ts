import { Checker, answer, type Normalized, type RawEntry, type Spelling } from '../../normalize.js';
import { NUMBER_STATUSES, type DesiredNumber } from '../../number.js';
import { dialHint } from '../../dial.js';
import { didProblem } from '../../rules.js';

/** The platform's column widths (`dsip_number`): a longer value fails its write with a database error. */
const WIDTH = { did: 64, status: 64, carrier: 128, pool: 128 } as const;

const HINTS = {
  did: dialHint('DID', 'did', '15557770001'),
  status: `write one of ${NUMBER_STATUSES.join(', ')} (status: assigned), or leave it out for none`,
  text: (field: string) =>
    `write the ${field} as text on one line, at most ${WIDTH[field as keyof typeof WIDTH]} characters, or leave it out for none`,
};

/**
 * A number of the inventory: `did` required (not empty, dial characters, at most 64); `status` one
 * of available, reserved, assigned; `carrier` and `pool` text; each left out is `null`. The DID is
 * kept as written, a leading `+` included (the Numbers page shows what was written).
 */
export function normalizeNumber(raw: RawEntry, spell?: Spelling): Normalized<Omit<DesiredNumber, 'origin'>> {
  const c = new Checker(raw, spell);
  const did = c.string('did', true);
  c.rule(['did'], did, (v) => (v === '' ? 'did may not be empty: the platform takes no number without a DID' : didProblem(v)), HINTS.did);
  c.rule(['did'], did, (v) => tooLong('did', v), HINTS.did);
  const status = c.string('status', false);
  // The files' schema words this one too (an enum): a `schema` issue, so each front end reports it once.
  if (status !== undefined && !(NUMBER_STATUSES as readonly string[]).includes(status))
    c.add(['status'], `status ${c.shown(['status'], status)} is not one of ${NUMBER_STATUSES.join(', ')}`, HINTS.status, 'schema', status);
  const carrier = c.string('carrier', false);
  c.rule(['carrier'], carrier, (v) => tooLong('carrier', v), HINTS.text('carrier'));
  const pool = c.string('pool', false);
  c.rule(['pool'], pool, (v) => tooLong('pool', v), HINTS.text('pool'));
  return answer(c, () => ({ did: did!, status: status ?? null, carrier: carrier ?? null, pool: pool ?? null }));
}

function tooLong(field: keyof typeof WIDTH, value: string): string | null {
  return value.length > WIDTH[field] ? `${field} is ${value.length} characters long, but the platform holds at most ${WIDTH[field]}` : null;
}
