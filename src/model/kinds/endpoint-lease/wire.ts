import { parseTtl, type Lease } from '../../lease.js';
import { wireText, type WireReader } from '../../wire-reader.js';

/** A lease as the platform issues it → model; ttl may come back as seconds or as the raw string sent. */
export function leaseFromWire(value: unknown, read: WireReader, sentTtl: number): Lease {
  const rec = read.record(value);
  const ttl = parseTtl(rec.ttl);
  return {
    leaseid: read.int(rec, 'leaseid'),
    username: wireText(rec, 'username'),
    password: wireText(rec, 'password'),
    domain: wireText(rec, 'domain'),
    ttl: ttl !== null && ttl > 0 ? ttl : sentTtl,
  };
}
