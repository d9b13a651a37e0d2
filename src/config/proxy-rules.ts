import type { ConfigIssue } from '../model/desired.js';
import { ZONE_HINT, zoneProblem } from '../model/time/time-zone.js';
import { isUnresolved, issueOn, redacted, type LoadedFile } from './loaded.js';

/**
 * The rule of one file's `proxy` block beyond its schema: `timezone` must be a zone this machine
 * knows (the one wording, model/time/time-zone.ts), placed at the value. A value of the wrong type is
 * the schema's, and one naming an unset variable is reported already, so each problem is said once.
 */
export function proxyRuleIssues(file: LoadedFile): ConfigIssue[] {
  const top = file.data.value as Readonly<Record<string, unknown>> | null;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return [];
  const proxy = top.proxy as Readonly<Record<string, unknown>> | null | undefined;
  if (proxy === null || typeof proxy !== 'object' || Array.isArray(proxy)) return [];
  const tz = proxy.timezone;
  const path = ['proxy', 'timezone'];
  if (typeof tz !== 'string' || tz === '' || isUnresolved(file, path)) return [];
  const problem = zoneProblem(tz, 'proxy.timezone');
  return problem === null ? [] : [issueOn(file, path, redacted(file, path, tz, problem), ZONE_HINT)];
}
