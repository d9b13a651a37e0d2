import { descriptionProblem } from '../../model/rules.js';
import type { Diagnostic, TfObject } from '../types.js';
import { check } from '../values.js';
import { endpointBlocks } from './carrier-group-state.js';

function hostnameProblem(v: string): string | null {
  if (v.trim() === '') return 'hostname must not be empty';
  if (/[\s,]/.test(v)) return `hostname "${v}" may not contain spaces or ","`;
  const port = /^(?:\[[^\]]*\]|[^:]*):(.*)$/.exec(v)?.[1];
  if (port !== undefined && !(/^[0-9]{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    return `hostname "${v}" has no valid port (1-65535)`;
  return null;
}
const countProblem = (field: string) => (v: number) =>
  Number.isInteger(v) && v >= 0 && v <= 2_147_483_647 ? null : `${field} must be a whole number from 0, not ${v}`;

/**
 * The values the platform cannot store, or stores as something else, at the attribute: names with
 * "," (the platform keeps them in comma-separated fields), empty or spaced host names, negative or
 * fractional strip and weight, endpoint names used twice in a group, an auth type other than ip or
 * userpwd. The platform's carrier-group API reports none of these: it skips the write.
 */
export function validateCarrierGroup(config: TfObject): Diagnostic[] {
  const out: Diagnostic[] = [];
  check(out, ['name'], config.name, (v: string) => descriptionProblem(v, 'name'), 'Give the group a name without ",".');
  const seen = new Set<string>();
  endpointBlocks(config).forEach((e, i) => {
    check(
      out,
      ['endpoint', i, 'name'],
      e.name,
      (v: string) =>
        descriptionProblem(v, 'endpoint name') ?? (seen.has(v) ? `endpoint name "${v}" is used twice in this group` : (seen.add(v), null)),
      'Give each endpoint of the group its own name, without ",".',
    );
    check(
      out,
      ['endpoint', i, 'hostname'],
      e.hostname,
      hostnameProblem,
      'Give a host name or address, with ":port" when the port is not 5060.',
    );
    check(out, ['endpoint', i, 'strip'], e.strip, countProblem('strip'));
    check(out, ['endpoint', i, 'weight'], e.weight, countProblem('weight'));
    check(out, ['endpoint', i, 'prefix'], e.prefix, (v: string) => (v.includes(',') ? `prefix "${v}" may not contain ","` : null));
  });
  const auth = config.auth;
  if (auth && typeof auth === 'object' && !Array.isArray(auth)) {
    check(out, ['auth', 'type'], auth.type, (v: string) =>
      v === 'ip' || v === 'userpwd' ? null : `auth type "${v}" is not "ip" or "userpwd"`,
    );
  }
  return out;
}
