// undici publishes types for its index only; its pool class, imported on its own by transport.ts,
// is the index's `Agent`.
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
