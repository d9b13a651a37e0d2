export { MAX_TTL_SECONDS } from '../model/lease.js';
export { leaseNameProblem } from '../model/normalize-lease.js';
