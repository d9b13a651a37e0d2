/**
 * dsipform as a library: the same steps the CLI takes, for programs and tests.
 *
 * 1. `loadDesiredState(paths)` reads desired-state files into a `DesiredState` (or every issue).
 * 2. `planDesired(client, desired)` reads what the platform holds, plans with the platform's API
 *    profile (detected), and checks the plan as `dsipform plan` does (references, the routing lints
 *    of the rules after the plan, the gate of apply): a frozen, plain-JSON `Plan`, or a
 *    `DsipformError` saying what stops it (PLAN_UNSAFE, PLAN_UNROUTING, PLAN_TESTS_FAILED unless
 *    `{ force: true }`, which returns the refusal beside the plan).
 * 3. `applyPlan(plan, client)` carries it out and reports every change's outcome; it refuses, as
 *    `dsipform apply` does, a plan its safety findings stop (PLAN_UNSAFE, PLAN_UNROUTING) unless
 *    given `{ force: true }`. `applyDesired(client, desired)` is 2 and 3 in one call.
 *
 * The steps are exported one by one too: `readLive`, then `buildPlan({ desired, live, target, now,
 * profile })` (pure; give the profile, `await client.profile()`, or a mapping edit is planned for the
 * `spec` profile).
 *
 * `PlatformClient` talks to a platform (or to `startEmulator()`, the in-memory platform the tests
 * use). Renderers turn a plan into the text, markdown or JSON the CLI prints. Expected failures are
 * `DsipformError`s (API failures the `ApiError` subclass) with a stable `code` and a `hint`.
 *
 * Lease changes need a lease state (`ApplyOptions.leases`), which the CLI keeps in its state file;
 * a program that manages no `endpoint_leases` needs none.
 *
 * The routing simulation the checks run on is exported too (docs/routing-model.md): rules from a
 * state (`ruleSetFromState`, with `inventoryOf` the platform's groups), how the proxy routes one
 * call at one time (`routeCall`, `callTime`), a routing test (`runRoutingTest`), the lints
 * (`lintRules`, and the pipeline's `routingFindings`, `planFindings`, `judgeFindings`), the rules
 * after a plan (`rulesAfterPlan`) and the calls that change their route between two rule sets
 * (`routingImpact`; every class of calls over time: `routingTable`, `routingDifference`). All pure.
 *
 * @packageDocumentation
 */

// Desired state: the files.
export { loadDesiredState, formatIssue, type LoadOptions, type LoadResult } from './config/index.js';

// The plan: pure.
export {
  buildPlan,
  buildDestroyPlan,
  managedCollections,
  savePlan,
  hasChanges,
  type PlanInput,
  type PlanResult,
} from './plan/build-plan.js';
export { parseSavedPlan, staleness, type ReadPlanOptions } from './plan/saved-plan.js';
export { signPlan, checkPlanKey } from './plan/plan-signature.js';
export { liveChecksum } from './plan/live-checksum.js';
export { exportDocument, type ExportDocument } from './plan/export.js';
export { needsGroups } from './plan/resolve-groups.js';

// The pipeline: read, plan, check, gate, apply (what the CLI runs).
export {
  planDesired,
  applyDesired,
  type ApplyDesiredOptions,
  type CheckOptions,
  type CheckedPlan,
  type AppliedPlan,
} from './pipeline/run.js';
export type { CarriedFindings } from './pipeline/plan-result.js';
export { planPlatform, type PlanPlatformOptions, type PlatformPlan } from './pipeline/plan-platform.js';
export { savedPlanStaleness, type SavedPlanCheck } from './pipeline/saved.js';
export { gate, type GateOptions } from './pipeline/gate.js';

// The routing simulation: how the proxy picks a rule for a call (pure).
export { routeCall, type RouteOptions } from './routing/match.js';
export { ruleSetFromState, inventoryOf } from './routing/rule-set.js';
export { callTime } from './model/time/call-time.js';
export type {
  Call,
  CallTime,
  DecidedRule,
  Direction,
  GatewayInventory,
  ImpactEntry,
  RouteDecision,
  RouteResult,
  RoutingFinding,
  RoutingRule,
  RoutingState,
  RuleSet,
} from './routing/types.js';
// Routing tests: a call, what it must do, and what the proxy would do.
export { runRoutingTest } from './routing/expect.js';
export type { RoutingExpectation, RoutingTest, RoutingTestOutcome } from './model/routing-test.js';
export { planRoutingTests } from './pipeline/routing-tests.js';
export type { RoutingTestsVerdict } from './routing/run-tests.js';
// The lints: of rules, of the files' rules, of the rules after a plan, and which stop a command.
export { lintRules, type ManagedKinds } from './routing/lint.js';
export { routingFindings, judgeFindings, type FindingsVerdict, type JudgedFinding } from './routing/findings.js';
export { planFindings } from './plan/plan-findings.js';
// The impact: the rules after a plan, and the calls whose route changes.
export { rulesAfterPlan, type RulesAfter } from './plan/routing-impact.js';
export { routingImpact, type RoutingImpact } from './routing/impact.js';
export { routingTable, routingDifference, type CallClass, type ClassSpan, type Horizon, type TimeWindow } from './routing/classes.js';
export { windowHolds } from './model/time/window-runs.js';

// Reading the platform and applying a plan.
export { readLive, type ReadOptions } from './apply/read-live.js';
export { applyPlan, type ApplyOptions } from './apply/apply-plan.js';
export type { LeaseLedger } from './apply/execute-lease.js';
export type { PasswordLedger } from './apply/carrier-passwords.js';

// The platform client.
export { PlatformClient } from './api/client.js';
export type { DeleteTarget } from './model/kind-api.js';
export type { ConnectionOptions } from './api/connection.js';
export { ApiError, type ApiErrorCode } from './api/errors.js';
export type { ApiProfile, ProfileChoice } from './api/profile.js';

// The emulator of the platform's API (also `dsipform/emulator`).
export { startEmulator, type EmulatorOptions, type RunningEmulator } from './emulator/index.js';

// Rendering.
export { renderPlanText, type TextOptions } from './render/plan-text.js';
export { renderPlanMarkdown } from './render/plan-markdown.js';
export { renderPlanJson } from './render/plan-json.js';
export { renderApplyReport, type ApplyTextOptions } from './render/apply-text.js';

// The model: plain data types and errors.
export { DsipformError, InternalError } from './model/errors.js';
export type {
  CollectionName,
  ConfigIssue,
  DesiredCarrierGroup,
  DesiredLease,
  DesiredMapping,
  DesiredRoute,
  DesiredState,
  Kind,
  LintAcceptance,
  Policy,
  ProxySettings,
  SourceLocation,
} from './model/desired.js';
export type { LiveState } from './model/live.js';
export type { EmptiedMappingFinding } from './model/coexistence.js';
export type { InboundMapping } from './model/inbound-mapping.js';
export type { OutboundRoute } from './model/outbound-route.js';
export type { Lease, LeaseRecord } from './model/lease.js';
export type { PasswordRecord } from './model/password-record.js';
export type { DeletedNumber, DesiredNumber, NumberFilters, NumberInput, NumberPatch, NumberRecord } from './model/number.js';
export type { NumberChange, NumberFields } from './model/kinds/did-number/change.js';
export type { PlatformEffect } from './model/kinds/did-number/effects.js';
export type { CarrierAuth, CarrierEndpoint, CarrierGroup, CarrierGroupContent } from './model/carrier-group.js';
export { normalizeCarrierGroup, hostWithPort } from './model/carrier-group-normalize.js';
export type {
  ActionCounts,
  CarrierGroupFields,
  Change,
  ChangeAction,
  Plan,
  PlanIssue,
  PlanSummary,
  SafetyFinding,
  SavedPlan,
} from './model/plan.js';
export type { MappingChange } from './model/kinds/inbound-mapping/change.js';
export type { RouteChange } from './model/kinds/outbound-route/change.js';
export type { LeaseChange } from './model/kinds/endpoint-lease/change.js';
export type { CarrierGroupChange } from './model/kinds/carrier-group/change.js';
export type { ApplyReport, ChangeOutcome, OutcomeStatus } from './model/apply-report.js';

export { checkInvariants, invariantsRefusal, type Counterexample, type InvariantResult } from './routing/invariants.js';
export { nameBook, type NameBook, type NameBookSources, type NamedEndpoint } from './routing/expect-names.js';
export type { Invariant, CallSet, InvariantDestination, BuiltinInvariant } from './model/invariant.js';
