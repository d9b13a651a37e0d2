import type { OutboundRoute } from '../../model/outbound-route.js';
import type { ProviderContext } from '../context.js';

/** A name no route has, or several share: what Terraform shows (summary, then detail). */
export interface RouteNameProblem {
  readonly summary: string;
  readonly detail: string;
}

/**
 * The one outbound route with this name (route names are not unique on the platform), or the
 * problem: none has it, or several do (their ruleids listed, lowest first). Shared by the
 * `dsiprouter_outbound_route` data source and the resource's import by `name:<NAME>`.
 */
export async function routeNamed(ctx: ProviderContext, name: string): Promise<OutboundRoute | RouteNameProblem> {
  const found = (await ctx.client().listOutboundRoutes()).filter((r) => r.name === name).sort((a, b) => a.ruleid - b.ruleid);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) return { summary: 'No such outbound route', detail: `The platform has no outbound route named "${name}".` };
  return {
    summary: 'Several outbound routes have this name',
    detail: `${found.length} outbound routes are named "${name}" (ruleids ${found.map((r) => r.ruleid).join(', ')}); give each route a distinct name, or read them all with the dsiprouter_outbound_routes data source.`,
  };
}
