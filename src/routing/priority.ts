/**
 * A rule's priority as the proxy ranks it. The API stores a signed 32-bit integer, but drouting
 * holds it in an `unsigned int` (`rt_info_t.priority`), so a negative priority wraps round: -1 reads
 * as 4294967295 and ranks above every priority of 0 or more, and -1 above -2. Pure.
 */

const WRAP = 2 ** 32;

/** The priority the proxy compares: the stored one read as an unsigned 32-bit integer. */
export function proxyPriority(priority: number): number {
  return priority < 0 ? priority + WRAP : priority;
}

/**
 * The rule of `a` and `b` that the proxy tries first, as a sort comparator: descending unsigned
 * priority (equal ones keep their order, which the proxy leaves undefined).
 */
export function byProxyPriority(a: { readonly priority: number }, b: { readonly priority: number }): number {
  return proxyPriority(b.priority) - proxyPriority(a.priority);
}

/** A priority in words: `10`, or `-1 (the proxy … reads -1 as 4294967295 …)` for a negative one. */
export function priorityWords(priority: number): string {
  if (priority >= 0) return String(priority);
  return `${priority} (the proxy holds priority unsigned and reads ${priority} as ${proxyPriority(priority)}, above every priority of 0 or more)`;
}
