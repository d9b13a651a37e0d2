export * from './constants.js';
export * from './rules.js';
export * from './inbound-mapping.js';
export * from './outbound-route.js';
export * from './lease.js';
export * from './stats.js';
export * from './errors.js';
export * from './envelope.js';
