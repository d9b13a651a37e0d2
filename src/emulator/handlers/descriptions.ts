/**
 * The platform keeps a group's and a gateway's name inside a `key:value,key:value` description
 * (`GatewayGroups` and `Gateways` in gui/database/__init__.py at v0.79-rel) and reads it back with
 * `strFieldsToDict` (gui/shared.py), which fails on a part without `:`. So a name holding `,` is
 * written as given and breaks whatever reads it afterwards: these helpers rebuild the description
 * the platform would hold and read it as the platform does.
 */
import type { StoredGateway, StoredGroup } from '../store/groups.js';
import { raised, strFieldsToDict, type PyRaise } from './python.js';

/** The description of a group's row (`name:<name>,type:<type>`). */
export function groupDescription(name: string, type: number): string {
  return `name:${name},type:${type}`;
}

/** The description of a gateway's row (`name:<name>,gwgroup:<id>`). */
function gatewayDescription(gw: StoredGateway): string {
  return gw.gwgroup === null ? `name:${gw.name}` : `name:${gw.name},gwgroup:${gw.gwgroup}`;
}

/** The name as the platform reads it back from a description, or what `dict()` raised. */
function nameIn(description: string): string | PyRaise {
  const fields = strFieldsToDict(description);
  return raised(fields) ? fields : (fields.name ?? '');
}

/** A group's name as the platform reads it, or the error its reads answer 500 with. */
export function groupName(g: StoredGroup): string | PyRaise {
  return nameIn(groupDescription(g.name, g.type));
}

/** A gateway's name as the platform reads it, or the error its reads answer 500 with. */
export function gatewayName(gw: StoredGateway): string | PyRaise {
  return nameIn(gatewayDescription(gw));
}

/** Why the platform cannot read this name once written into a description of `type`, or `null`. */
export function unreadableName(name: string, type: number): PyRaise | null {
  const read = nameIn(groupDescription(name, type));
  return raised(read) ? read : null;
}

/** The first failure reading these groups' and gateways' descriptions, or `null` when all read. */
export function firstUnreadable(groups: readonly StoredGroup[], gateways: readonly StoredGateway[]): PyRaise | null {
  for (const g of groups) {
    const read = groupName(g);
    if (raised(read)) return read;
  }
  for (const gw of gateways) {
    const read = gatewayName(gw);
    if (raised(read)) return read;
  }
  return null;
}
