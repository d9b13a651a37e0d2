import { formatIssue } from '../config/index.js';
import type { DesiredState } from '../model/desired.js';
import { DsipformError } from '../model/errors.js';
import { count, plural } from '../model/words.js';
import { lintRules } from '../routing/lint.js';
import { ruleSetFromState } from '../routing/rule-set.js';
import type { GatewayInventory, RoutingFinding, RoutingState } from '../routing/types.js';
import { writeLine, type CliIo } from './io.js';

/**
 * What the files manage, for the catch-all lints. From the files alone (no `live`), a collection
 * with `policy.ignore` globs is left out: a live rule kept by them may be the catch-all.
 */
function manages(desired: DesiredState, withLive: boolean): { inbound: boolean; outbound: boolean } {
  const ignore = desired.policy.ignore;
  return {
    inbound: desired.inbound_mappings !== undefined && (withLive || ignore.inbound_mappings.length === 0),
    outbound: desired.outbound_routes !== undefined && (withLive || ignore.outbound_routes.length === 0),
  };
}

/**
 * The routing lints of the files' rules (validate), or with `after` of the rules as they stand
 * after the plan (the files' rules and the live ones `policy.ignore` keeps); with `inventory`, a
 * rule naming a missing or empty group is a dropped rule too.
 */
export function routingFindings(desired: DesiredState, after?: RoutingState, inventory?: GatewayInventory): RoutingFinding[] {
  return lintRules(ruleSetFromState(after ?? desired, inventory), manages(desired, after !== undefined));
}

/**
 * Whether a finding stops the command: an error about a rule of the files (a live rule the files
 * only ignore cannot be fixed in them, so its error is shown as a warning), or any finding with `--strict`.
 */
function blocks(f: RoutingFinding, strict: boolean): boolean {
  return strict || (f.severity === 'error' && f.origin !== undefined);
}

/**
 * Prints the findings on stderr (`warning: FILE:LINE:COL: message` + `  hint: …`, or `error: …` for
 * those that stop the command) and throws `ROUTING_LINT_FAILED` when any stops it. Warnings alone
 * never change the exit code unless `strict`.
 */
export function reportFindings(findings: readonly RoutingFinding[], io: CliIo, strict: boolean): void {
  let stopping = 0;
  for (const f of findings) {
    const stop = blocks(f, strict);
    if (stop) stopping++;
    const text = f.origin
      ? formatIssue({ ...f.origin, message: f.message, hint: f.hint })
      : `${f.message}${f.hint ? `\n  hint: ${f.hint}` : ''}`;
    writeLine(io.stderr, `${stop ? 'error' : 'warning'}: ${text}`);
  }
  if (stopping === 0) return;
  throw new DsipformError(
    'ROUTING_LINT_FAILED',
    `${count(stopping, 'routing problem')} ${plural(stopping, 'stops', 'stop')} the command${strict ? ' (--strict makes warnings errors)' : ''}`,
    'Fix the rules each line above names (its hint says how); nothing was sent to the platform.',
  );
}
