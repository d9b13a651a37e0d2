/**
 * The JSON object every platform answer is wrapped in (docs/platform-contract.md §1): exactly these
 * five keys, on success and on error. Shared by the emulator (which writes it) and the client.
 */
export interface Envelope {
  /** Records, or `[]`. */
  readonly data: readonly unknown[];
  /** `""` on success; `"http"` for request errors; `"db"` or `"server"` for 5xx. */
  readonly error: string;
  /** Human text, e.g. `"Rule Created"`. */
  readonly msg: string;
  /** True once any write has happened since the last proxy reload. */
  readonly kamreload: boolean;
  readonly dsipreload: boolean;
}
