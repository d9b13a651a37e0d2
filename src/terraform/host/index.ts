/**
 * The tfplugin6 host: go-plugin handshake, gRPC services, and the msgpack/JSON value codec, over a
 * ProviderHandler (see ../types.ts). Nothing here imports the provider's logic; it is loaded on
 * the first call that needs it.
 */
export { serve, type ServeOptions } from './serve.js';
export { runProviderMain } from './main.js';
export { loadDefaultProvider } from './default-provider.js';
export { consoleToStderr } from './stdio.js';
