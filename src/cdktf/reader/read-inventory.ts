import type { DesiredEndpointGroup } from '../../model/desired.js';
import { normalizeEndpointGroup } from '../../model/kinds/endpoint-group/normalize.js';
import { normalizeNumber } from '../../model/kinds/did-number/normalize.js';
import type { Normalized } from '../../model/normalize.js';
import type { DesiredNumber } from '../../model/number.js';
import { authWithPassword, block, blockEntry, blockList, toNumber, toText, type Issue, type Json } from './read-values.js';

/*
 * The readers of the two kinds issue 34 and 35 added, `dsiprouter_endpoint_group` and
 * `dsiprouter_number`, through the files' own normalisers (one set of rules for every front end).
 */

/** The attributes of each resource type (the provider's schema), as the stack reader lists them. */
export const INVENTORY_TYPES = {
  dsiprouter_endpoint_group: ['name', 'call_limit', 'strip', 'prefix', 'endpoint', 'auth', 'notifications', 'cdr'],
  dsiprouter_number: ['did', 'status', 'carrier', 'pool'],
} as const;

const ENDPOINT_ATTRIBUTES = ['name', 'hostname', 'weight'] as const;
const AUTH_ATTRIBUTES = ['type', 'auth_username', 'auth_password', 'auth_password_wo', 'auth_password_wo_version', 'auth_domain'] as const;
const NOTIFICATION_ATTRIBUTES = ['over_max_call_limit', 'endpoint_failure'] as const;
const CDR_ATTRIBUTES = ['email', 'send_interval'] as const;

/** The normaliser's issues at the resource's attributes (`endpoints[1]` is the `endpoint` block 1). */
function normalized<T>(result: Normalized<T>, issue: Issue): T | null {
  for (const i of result.issues)
    issue(i.field.join('.').replace(/^endpoints\./, 'endpoint.'), i.message.replace(/^endpoints\[/, 'endpoint['), i.hint);
  return result.value;
}

/**
 * A `dsiprouter_endpoint_group`: the provider's `endpoint` blocks are the files' `endpoints`; the
 * password comes from a Terraform variable, as a carrier group's (read-values.ts).
 */
export function endpointGroup(
  body: Json,
  issue: Issue,
  origin: DesiredEndpointGroup['origin'],
  env: NodeJS.ProcessEnv,
): DesiredEndpointGroup | null {
  const raw: Record<string, unknown> = {};
  if (body.name !== undefined && body.name !== null) raw.name = toText(body.name);
  for (const key of ['call_limit', 'strip'] as const) if (body[key] !== undefined && body[key] !== null) raw[key] = toNumber(body[key]);
  if (body.prefix !== undefined && body.prefix !== null) raw.prefix = toText(body.prefix);
  if (body.endpoint !== undefined && body.endpoint !== null)
    raw.endpoints = blockList(body.endpoint, ENDPOINT_ATTRIBUTES, ['weight'], 'endpoint', issue);
  const auth = block(body.auth);
  if (auth) raw.auth = authWithPassword(blockEntry(auth, AUTH_ATTRIBUTES, ['auth_password_wo_version'], 'auth', issue), issue, env);
  const notes = block(body.notifications);
  if (notes) raw.notifications = blockEntry(notes, NOTIFICATION_ATTRIBUTES, [], 'notifications', issue);
  const cdr = block(body.cdr);
  if (cdr) raw.cdr = blockEntry(cdr, CDR_ATTRIBUTES, [], 'cdr', issue);
  const value = normalized(normalizeEndpointGroup(raw), issue);
  return value && { ...value, ...(origin ? { origin } : {}) };
}

/** A `dsiprouter_number`: its attributes are the files' fields. */
export function didNumber(body: Json, issue: Issue, origin: DesiredNumber['origin']): DesiredNumber | null {
  const raw: Record<string, unknown> = {};
  for (const key of INVENTORY_TYPES.dsiprouter_number) if (body[key] !== undefined && body[key] !== null) raw[key] = toText(body[key]);
  const value = normalized(normalizeNumber(raw), issue);
  return value && { ...value, ...(origin ? { origin } : {}) };
}
