import type { Verdict } from './compare.js';

/** A verdict in one line: the call, what the proxy did, what dsipform said. */
export function describeVerdict(v: Verdict): string {
  const { call } = v;
  const said = v.allowed.length === 1 ? v.allowed[0] : `one of ${v.allowed.join(' | ')}`;
  return `${call.direction} call from "${call.from}" to "${call.to}" at ${call.at.local} ${call.at.tz}: proxy ${v.proxy}; dsipform ${said} (${v.decision.result})`;
}

/**
 * The disagreements of a run, for a failure message: each call in one line, then dsipform's
 * explanation of the first (the steps of its decision), and the proxy's log lines that are not
 * its clock warnings (the harness freezes the clock, and Kamailio's timer notices).
 */
export function describeDisagreements(bad: readonly Verdict[], log: string): string {
  const first = bad[0];
  const lines = [
    `${bad.length} call(s) where dsipform and the proxy disagree:`,
    ...bad.slice(0, 12).map((v) => `  ${describeVerdict(v)}`),
    ...(bad.length > 12 ? [`  ... and ${bad.length - 12} more`] : []),
  ];
  if (first) lines.push('dsipform explained the first:', ...first.decision.steps.map((s) => `  ${s}`));
  const proxyLines = log.split('\n').filter((l) => /ERROR|WARNING|CRITICAL/.test(l) && !/adjust_ticks|load_tm_api/.test(l));
  if (proxyLines.length > 0) lines.push("the proxy's log:", ...proxyLines.slice(0, 20).map((l) => `  ${l.trim()}`));
  return lines.join('\n');
}
