/** An update of a gateway group: its endpoints before and after, and the live gateway ids in the order of `before.endpoints`. */
export interface GroupUpdate {
  readonly before: { readonly endpoints: readonly { readonly name: string }[] };
  readonly after: { readonly endpoints: readonly { readonly name: string }[] };
  readonly gwids: readonly number[];
}

/**
 * The live gateway of each endpoint to send, matched by endpoint name: an endpoint sent with its
 * gateway id keeps that gateway (and its id, which mappings and routes may name); a new endpoint has
 * none (it is created). Names may repeat within a group (the install's default groups do): each live
 * gateway is used once. Shared by the two gateway-group kinds' request mappings.
 */
export function gwidsByName(change: GroupUpdate): (number | undefined)[] {
  const left = change.before.endpoints.map((e, i) => ({ name: e.name, gwid: change.gwids[i] }));
  return change.after.endpoints.map((e) => {
    const at = left.findIndex((l) => l.name === e.name);
    return at < 0 ? undefined : left.splice(at, 1)[0]!.gwid;
  });
}

/** `after the update of gwgroupid 7, a; b`: what a gateway group's read-back found, in one wording for both group kinds. */
export function afterWrite(verb: string, gwgroupid: number, details: readonly string[]): string {
  return `after the ${verb} of gwgroupid ${gwgroupid}, ${details.join('; ')}`;
}
