export * from './client.js';
export * from './connection.js';
export * from './envelope.js';
export * from './errors.js';
export { encodeQuery, type HttpMethod, type RequestParts } from './transport.js';
export * from './retry.js';
export * from './profile.js';
