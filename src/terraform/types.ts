/**
 * The contract between the tfplugin6 host (gRPC, msgpack, handshake: `host/`) and the provider's
 * logic (`provider.ts`, `resources/`). Values are cty values as plain JS, decoded by the host with
 * the schema: `null`, string, number, boolean, arrays (lists), objects (objects and maps), or
 * `UNKNOWN` (a value known only after apply, e.g. a reference to another resource's computed id).
 */

/** The one unknown value. Compare with `=== UNKNOWN` or `isUnknown()`. */
export const UNKNOWN: unique symbol = Symbol.for('dsipform.terraform.unknown');
type Unknown = typeof UNKNOWN;

/** A cty value as JS. */
export type TfValue = null | string | number | boolean | Unknown | TfValue[] | TfObject;
/** An object or map value. */
export interface TfObject {
  [key: string]: TfValue;
}

/** Whether a value is unknown. */
export function isUnknown(value: unknown): value is Unknown {
  return value === UNKNOWN;
}

/** A path to an attribute: names, and list indexes or map keys within them. */
export type AttributePath = readonly (string | number)[];

/** A diagnostic shown by Terraform; `attribute` makes it point at the attribute in the configuration. */
export interface Diagnostic {
  readonly severity: 'error' | 'warning';
  readonly summary: string;
  readonly detail?: string;
  readonly attribute?: AttributePath;
  /**
   * Set on a failure of the platform as a whole (refused token, nothing listening, wrong scheme,
   * no licence), not of this one request: its message without the hint. The provider says such a
   * failure in full once per run and briefly after that (`said-once.ts`). Never sent to Terraform.
   */
  readonly platformFailure?: { readonly code: string; readonly brief: string };
}

/** PlanResourceChange. `proposed` is null on destroy (only when the host asks for destroy plans). */
interface PlanRequest {
  readonly prior: TfObject | null;
  readonly proposed: TfObject | null;
  readonly config: TfObject | null;
}
interface PlanResponse {
  readonly planned: TfObject | null;
  readonly requiresReplace?: readonly AttributePath[];
  readonly diagnostics?: readonly Diagnostic[];
}

/** ApplyResourceChange: planned null = delete, prior null = create, else update. */
interface ApplyRequest {
  readonly prior: TfObject | null;
  readonly planned: TfObject | null;
  readonly config: TfObject | null;
}
export interface StateResponse {
  /** null: the object is gone (read) or was deleted (apply). Never holds UNKNOWN. */
  readonly state: TfObject | null;
  readonly diagnostics?: readonly Diagnostic[];
  /**
   * The state is what the platform holds even though there are errors (a write that went through
   * before the proxy reload failed): the host keeps it, also when it is null (a delete).
   */
  readonly written?: boolean;
}

/** What the Terraform that calls says it can do (the protocol's client capabilities). */
export interface ClientCapabilities {
  /** Terraform 1.11 and later: it keeps write-only attributes out of plan and state. */
  readonly writeOnlyAttributesAllowed: boolean;
}

/** One managed resource type. */
export interface ResourceHandler {
  /** ValidateResourceConfig; `client` is absent where no Terraform asks (unit tests, other front ends). */
  validate(config: TfObject, client?: ClientCapabilities): readonly Diagnostic[];
  plan(req: PlanRequest): Promise<PlanResponse>;
  apply(req: ApplyRequest): Promise<StateResponse>;
  read(state: TfObject): Promise<StateResponse>;
  /** ImportResourceState: the id the user gave (`terraform import ADDR ID` or an import block). */
  importState(id: string): Promise<StateResponse>;
}

/** One data source type. */
export interface DataSourceHandler {
  validate(config: TfObject): readonly Diagnostic[];
  read(config: TfObject): Promise<StateResponse>;
}

/** OpenEphemeralResource's answer: the value for this run, and what closing it needs. */
export interface EphemeralOpened {
  /** null only with an error. Never holds UNKNOWN. */
  readonly result: TfObject | null;
  /** Handed back at close (and renew); Terraform keeps it in memory only, never in a plan or state. */
  readonly private?: Uint8Array;
  readonly diagnostics?: readonly Diagnostic[];
}

/** One ephemeral resource type (Terraform 1.10+): a value one run opens and closes. */
export interface EphemeralResourceHandler {
  validate(config: TfObject): readonly Diagnostic[];
  /** Only called with a wholly known configuration (Terraform waits for unknown values). */
  open(config: TfObject): Promise<EphemeralOpened>;
  /** Called once the run is done with the value; `private` as open returned it. */
  close(privateData: Uint8Array | undefined): Promise<readonly Diagnostic[]>;
}

/** The provider as the host sees it. */
export interface ProviderHandler {
  validateConfig(config: TfObject): readonly Diagnostic[];
  /** ConfigureProvider: config values may still be UNKNOWN during validate-only runs. */
  configure(config: TfObject): Promise<readonly Diagnostic[]>;
  readonly resources: Readonly<Record<string, ResourceHandler>>;
  readonly dataSources: Readonly<Record<string, DataSourceHandler>>;
  readonly ephemeralResources: Readonly<Record<string, EphemeralResourceHandler>>;
  /** Called once before the process exits (GRPCController.Shutdown, SIGTERM): e.g. one proxy reload. */
  shutdown(): Promise<void>;
}
