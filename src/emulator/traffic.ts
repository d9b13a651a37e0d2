import { STAT_KEYS, type ProxyStats, type StatKey } from '../model/stats.js';

/**
 * Counts the requests the emulator has answered, so the proxy statistics move plausibly: every
 * answered request stands for one transaction, counted by its status class.
 */
export class TrafficCounters {
  private served = 0;
  private readonly byClass = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };

  /** Counts one answered request with its HTTP status. */
  record(status: number): void {
    this.served++;
    const cls = `${Math.floor(status / 100)}xx`;
    if (cls in this.byClass) this.byClass[cls as keyof typeof this.byClass]++;
  }

  /** The 15 proxy counters: transactions created, finished and freed equal the requests served. */
  stats(): ProxyStats {
    const stats = Object.fromEntries(STAT_KEYS.map((key) => [key, 0])) as Record<StatKey, number>;
    stats.total = this.served;
    stats.created = this.served;
    stats.freed = this.served;
    stats['2xx'] = this.byClass['2xx'];
    stats['3xx'] = this.byClass['3xx'];
    stats['4xx'] = this.byClass['4xx'];
    stats['5xx'] = this.byClass['5xx'];
    return stats;
  }
}
