/**
 * The local state: the leases dsipform obtained (the platform cannot list them), in a private,
 * atomically written file, guarded by a lock so one apply or destroy at a time owns it.
 */
export { LeaseStore, DEFAULT_LOCK_TIMEOUT_MS, type LeaseStoreOptions } from './store.js';
export { readState, writeState, formatState, emptyState, STATE_FORMAT_VERSION, type StateFile } from './state-file.js';
export { acquireLock, UNPARSABLE_STALE_MS, type Lock, type LockOptions } from './lock.js';
export type { LockHolder } from './lock-holder.js';
