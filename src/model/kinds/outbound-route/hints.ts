/**
 * The hints of the routes' schema paths (`outbound_routes[].prefix`), by path shape: what the files' schema check shows under an issue
 * there (src/config/messages.ts looks them up through the kind's module).
 */
export const ROUTE_HINTS: Readonly<Record<string, string>> = {
  outbound_routes: 'write a list of routes; outbound_routes: [] manages none (live routes get deleted)',
  'outbound_routes[]': 'write each route as: - name: "US domestic" then prefix: "1" and gwgroupid: "2"',
  'outbound_routes[].name': 'name the route with text: name: "US domestic"',
  'outbound_routes[].prefix': 'quote the prefix: prefix: "44" (prefix: "" matches every number)',
  'outbound_routes[].from_prefix': 'quote it: from_prefix: "1555"; leave it out for a simple route',
  'outbound_routes[].gwgroupid': 'quote the carrier-group id: gwgroupid: "5"',
  'outbound_routes[].priority': 'write a whole number: priority: 10',
  'outbound_routes[].timerec': 'write the time-recurrence pattern as text, or leave it out',
  'outbound_routes[].routeid': 'write the route id as text: routeid: "12", or leave it out',
  'outbound_routes[].ruleid': "write the live route's ruleid as a whole number: ruleid: 12",
  'policy.ignore.outbound_routes': 'list route-name globs: outbound_routes: ["Default Outbound Route"]',
  'policy.ignore.outbound_routes[]': 'write the route-name glob in quotes: "Default*"',
};
