/** The gateway ids an update keeps, by endpoint name: one function for the apply of a plan and the Terraform resource. */
export { gwidsByName, type GroupUpdate } from '../gateway-ids.js';

/** `after the update of gwgroupid 7, a; b`: what a gateway group's read-back found, in one wording for both group kinds. */
export function afterWrite(verb: string, gwgroupid: number, details: readonly string[]): string {
  return `after the ${verb} of gwgroupid ${gwgroupid}, ${details.join('; ')}`;
}
