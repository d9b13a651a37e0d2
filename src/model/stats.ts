/** The 15 transaction counters of the proxy, in the platform's order. */
export const STAT_KEYS = [
  'current',
  'waiting',
  'total',
  'total_local',
  'rpl_received',
  'rpl_generated',
  'rpl_sent',
  '2xx',
  '3xx',
  '4xx',
  '5xx',
  '6xx',
  'created',
  'freed',
  'delayed_free',
] as const;

/** One of the proxy's counter names. */
export type StatKey = (typeof STAT_KEYS)[number];

/** The proxy's transaction counters, each a non-negative integer. */
export type ProxyStats = Readonly<Record<StatKey, number>>;
