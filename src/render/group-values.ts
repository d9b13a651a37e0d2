import type { CarrierEndpoint } from '../model/carrier-group.js';
import type { CarrierAuthFields } from '../model/plan.js';
import { quote } from './style.js';

/** What a renderer prints for a carrier group's password: never a value (the same word as for leases). */
const SENSITIVE = '(sensitive)';

function endpointText(e: CarrierEndpoint): string {
  return `{name: ${quote(e.name)}, hostname: ${quote(e.hostname)}, strip: ${e.strip}, prefix: ${quote(e.prefix)}, weight: ${e.weight}}`;
}

function authText(auth: CarrierAuthFields): string {
  const parts = [`type: ${quote(auth.type)}`];
  for (const key of ['r_username', 'auth_username', 'auth_domain', 'auth_proxy'] as const) {
    const v = auth[key];
    if (v !== undefined) parts.push(`${key}: ${quote(v)}`);
  }
  if (auth.password_env !== undefined) parts.push(`auth_password: ${SENSITIVE} from \${${auth.password_env}}${stateWords(auth)}`);
  else if (auth.password_state === 'changes') parts.push(`auth_password: ${SENSITIVE}${stateWords(auth)}`);
  return `{${parts.join(', ')}}`;
}

/** What the plan knows of the password beyond its variable: never a value, nor what it changes to. */
function stateWords(auth: CarrierAuthFields): string {
  // A plan made without the variable sends nothing: the apply reads it where it runs.
  if (auth.password_state === 'unset') return ', not set here: read at apply';
  return auth.password_state === 'changes' ? ': changes' : '';
}

/** A group's endpoints as plans show them: `[{name: "gw1", hostname: "host:5060", strip: 0, prefix: "", weight: 1}]`. */
export function formatEndpoints(value: unknown): string {
  return Array.isArray(value) ? `[${(value as CarrierEndpoint[]).map(endpointText).join(', ')}]` : String(value);
}

/**
 * A group's registration auth as plans show it: `auth_password: (sensitive) from ${VAR}` (the
 * variable's name, never its value; `, not set here: read at apply` when the plan was made without
 * it, `: changes` when it is not the one last sent), or `none` as the files write no auth.
 */
export function formatAuth(value: unknown): string {
  return value === null || value === undefined ? 'none' : authText(value as CarrierAuthFields);
}
