import type { ConfigIssue, ProxySettings } from '../../model/desired.js';
import { ZONE_HINT, zoneProblem } from '../../model/time/time-zone.js';
import { locate, type StackFile } from './locate.js';
import { POLICY_KEY } from './read-policy.js';

/**
 * The stack's proxy settings: what `DsipformPolicy`'s `proxy` writes beside its policy under the
 * top-level `//` (`{"path": …, "policy": {…}, "proxy": {"timezone": "America/Chicago"}}`), held to
 * the rules of the files' `proxy` block: a zone this machine knows, in the one wording of a bad
 * zone (model/time/time-zone.ts), naming the construct path, at the value's FILE:LINE:COL. Undefined
 * when the stack declares no zone; problems are pushed to `issues`.
 */
export function readProxy(stack: StackFile, root: Record<string, unknown>, issues: ConfigIssue[]): ProxySettings | undefined {
  const meta = root['//'];
  const entry = isObject(meta) ? meta[POLICY_KEY] : undefined;
  if (!isObject(entry) || entry.proxy === undefined) return undefined;
  const base = ['//', POLICY_KEY, 'proxy'];
  const name = typeof entry.path === 'string' ? `DsipformPolicy ${entry.path}` : 'DsipformPolicy';
  const hint = "write proxy: { timezone: 'America/Chicago' }";
  const issue = (at: readonly string[], message: string, why = hint): void => {
    issues.push({ ...locate(stack, [...base, ...at]), message: `${name} (${['proxy', ...at].join('.')}): ${message}`, hint: why });
  };
  const proxy = entry.proxy;
  if (!isObject(proxy)) return void issue([], `must be an object { timezone }, not ${JSON.stringify(proxy)}`);
  for (const key of Object.keys(proxy)) if (key !== 'timezone') issue([key], `"${key}" is not a key of proxy`, 'Its keys are: timezone.');
  const tz = proxy.timezone;
  if (tz === undefined) return undefined;
  if (typeof tz !== 'string') return void issue(['timezone'], `must be an IANA zone name (text), not ${JSON.stringify(tz)}`);
  if (tz.includes('${')) return void issue(['timezone'], `${JSON.stringify(tz)} is a Terraform reference, which dsipform cannot resolve`);
  const problem = zoneProblem(tz, `${name} (proxy.timezone)`);
  if (problem !== null) {
    issues.push({ ...locate(stack, [...base, 'timezone']), message: problem, hint: ZONE_HINT });
    return undefined;
  }
  return { timezone: tz, origin: locate(stack, [...base, 'timezone']) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
