import { managedCollections } from '../reconcile/plan.js';
import { loadOrFail } from './desired.js';
import { writeLine, type CliIo } from './io.js';

/** `dsipform validate PATH...`: checks the files without the network. Exit 0 or 1. */
export async function runValidate(paths: string[], io: CliIo, cdktf?: string): Promise<number> {
  const desired = await loadOrFail(paths, io, cdktf);
  const managed = managedCollections(desired);
  const counts = [
    desired.inbound_mappings ? `${desired.inbound_mappings.length} inbound mappings` : null,
    desired.outbound_routes ? `${desired.outbound_routes.length} outbound routes` : null,
    desired.endpoint_leases ? `${desired.endpoint_leases.length} endpoint leases` : null,
  ].filter(Boolean);
  const n = desired.files.length;
  writeLine(io.stdout, `Valid: ${n} file${n === 1 ? '' : 's'}, ${counts.length ? counts.join(', ') : 'no managed collections'}.`);
  if (managed.length === 0) writeLine(io.stderr, 'warning: the files declare no collection, so a plan manages nothing. Add inbound_mappings: or outbound_routes: (even as []).');
  return 0;
}
