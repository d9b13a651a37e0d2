import type { CarrierEndpoint } from '../model/carrier-group.js';
import type { FieldRow } from './change-block.js';
import { endpointText } from './group-values.js';

type Endpoint = Partial<CarrierEndpoint> & Pick<CarrierEndpoint, 'name' | 'hostname' | 'weight'>;

const list = (value: unknown): Endpoint[] => (Array.isArray(value) ? (value as Endpoint[]) : []);

/**
 * An update of an endpoint set, endpoint by endpoint, matched by name as the update pairs them:
 * `+` one added, `~` one changed (`before → after`), `-` one removed; unchanged ones are not shown.
 * Each row is named `field["endpoint"]`.
 */
export function endpointRows(field: string, before: unknown, after: unknown): FieldRow[] {
  const was = new Map(list(before).map((e) => [e.name, e]));
  const now = new Map(list(after).map((e) => [e.name, e]));
  const names = [...new Set([...was.keys(), ...now.keys()])].sort();
  return names.flatMap((n): FieldRow[] => {
    const a = was.get(n);
    const b = now.get(n);
    const name = `${field}[${JSON.stringify(n)}]`;
    if (a && !b) return [{ mark: '-', name, value: endpointText(a) }];
    if (!a && b) return [{ mark: '+', name, value: endpointText(b) }];
    const from = endpointText(a!);
    const to = endpointText(b!);
    return from === to ? [] : [{ mark: '~', name, value: `${from} → ${to}` }];
  });
}
