import { KINDS, type Kind } from '../../model/desired.js';
import { InternalError } from '../../model/errors.js';
import { KIND_SPECS } from '../../model/kinds.js';
import type { ProviderContext } from '../context.js';
import type { ResourceHandler } from '../types.js';
import { KIND_RESOURCES, type KindResourceMaker } from './kind-resources.js';

/** The kinds the provider has a resource of, in the registry's order: those whose module names a resource type. */
export const RESOURCE_KINDS: readonly Kind[] = KINDS.filter((kind) => KIND_SPECS[kind].terraformType !== null);

/** The resource type of a kind, as its module names it (`dsiprouter_number`); only for a kind of RESOURCE_KINDS. */
export function resourceTypeOf(kind: Kind): string {
  const type = KIND_SPECS[kind].terraformType;
  if (type === null) throw new InternalError(`the kind ${kind} has no Terraform resource`);
  return type;
}

/**
 * The provider's managed resources, one per kind that has one, in the registry's order, by
 * resource type, each made by the one factory from the kind's steps. A module that names a type
 * without steps, or steps of a kind whose module names none, is a bug, said at once.
 */
export function managedResources(ctx: ProviderContext): Record<string, ResourceHandler> {
  const steps = new Map<Kind, KindResourceMaker>(KIND_RESOURCES.map((r) => [r.kind, r]));
  const orphans = KIND_RESOURCES.filter((r) => !RESOURCE_KINDS.includes(r.kind)).map((r) => r.kind);
  if (orphans.length > 0) throw new InternalError(`Terraform steps of kinds whose module names no resource type: ${orphans.join(', ')}`);
  return Object.fromEntries(
    RESOURCE_KINDS.map((kind) => {
      const made = steps.get(kind);
      if (!made) throw new InternalError(`the module of ${kind} names ${resourceTypeOf(kind)}, but the provider has no steps for it`);
      return [resourceTypeOf(kind), made.make(ctx)];
    }),
  );
}
