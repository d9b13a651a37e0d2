/** Group id of every simple outbound route (FLT_OUTBOUND). */
export const FLT_OUTBOUND = 8000;
/** First group id of the LCR range [FLT_LCR_MIN, FLT_FWD_MIN). */
export const FLT_LCR_MIN = 10000;
/** First group id of forwarding rules, and the exclusive end of the LCR range. */
export const FLT_FWD_MIN = 20000;
/** Largest request body the platform (nginx's default) accepts, in bytes. */
export const MAX_BODY_BYTES = 1_048_576;
/** The route every fresh install holds. */
export const DEFAULT_ROUTE_NAME = 'Default Outbound Route';
