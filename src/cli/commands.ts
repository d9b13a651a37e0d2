import { Option, type Command } from 'commander';
import { addConnectionOptions, addPlanKeyOption, addStateOptions } from './options.js';
import type { CliIo } from './io.js';
import type { PlatformFlags } from './platform.js';

type SetExit = (code: number) => void;

/**
 * Called once a verb's module is loaded, before the verb runs (the launcher sets its V8 flags
 * there: bin/dsipform.js). A command line can load several modules: it may be called more than once.
 */
export type VerbLoaded = () => void;

/** `--tz` of every command that decides routing: the strongest of the zone's declarations. */
const TZ =
  "the proxy's time zone, an IANA name like America/Chicago; beats the target's timezone: and the files' proxy.timezone (default: those, else this machine's zone, with a warning)";

const ALLOW_DANGLING = 'plan rules that refer to a group or gateway that does not exist (or holds no gateway) with a warning, not an error';

/** The flags apply and destroy share. */
function addApplyOptions(cmd: Command): Command {
  return addStateOptions(cmd)
    .option('--auto-approve', 'apply without asking (required when not on a terminal)')
    .option('--force', 'allow what the safety rules refuse (protected kinds, mass deletes, lost routes) and failing routing tests')
    .option('--parallelism <n>', 'most requests at once within a step', '8')
    .option('--no-reload', 'do not reload the proxy after the changes')
    .option('--report <file>', "write each change's outcome and every request made (method, path, status, ms) as JSON, mode 0600")
    .option('--tz <zone>', TZ)
    .addOption(new Option('--format <format>', 'text, or json (one event per change)').choices(['text', 'json']).default('text'));
}

/** Gathers a repeatable option's values in order (`--base a --base b`). */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Adds `--target NAME` (repeatable), `--targets FILE` and `--parallel-targets N`: the verb once per target. */
function addTargetOptions(cmd: Command): Command {
  return cmd
    .option('--target <name>', 'run for this target of the targets file (repeatable; all: every target)', collect, [])
    .option('--targets <file>', 'the targets file (default: dsipform.targets.yaml in the working directory)')
    .option('--parallel-targets <n>', 'with --target: most targets at once (default 4)');
}

/** A verb's runner as ./targets-run.ts calls it once per target. */
type Runner = (paths: string[], opts: never, io: CliIo) => Promise<number>;

/** With `--target`, runs the verb once per target and sets the worst exit code; false without it. */
async function perTarget(
  verb: string,
  paths: string[],
  opts: { target?: string[]; targets?: string; parallelTargets?: string },
  io: CliIo,
  setExit: SetExit,
  run: Runner,
): Promise<boolean> {
  if (!opts.target || opts.target.length === 0) {
    const alone = opts.targets !== undefined ? '--targets' : opts.parallelTargets !== undefined ? '--parallel-targets' : undefined;
    if (alone) {
      const { DsipformError } = await import('../model/errors.js');
      throw new DsipformError('CLI_BAD_OPTION', `${alone} is for runs over targets`, 'Add --target NAME (or --target all).');
    }
    return false;
  }
  const { runTargets } = await import('./targets-run.js');
  setExit(await runTargets(verb as never, paths, opts, io, run as never));
  return true;
}

/**
 * Resolves to a verb's module once it is loaded, after telling the launcher so (`VerbLoaded`): the
 * module and Node's own modules it imports are loaded by then, and the run has not started.
 */
type Loaded = <T>(module: Promise<T>) => Promise<T>;

/** Registers one top-level verb (with its subcommands) on the program. */
type Registrar = (program: Command, io: CliIo, setExit: SetExit, loaded: Loaded) => void;

/**
 * Every verb with its one-line description, in the order help lists them. Each action imports its
 * module on demand, so `--help` and `--version` load nothing heavy.
 */
const VERBS: Readonly<Record<string, Registrar>> = {
  validate: (program, io, setExit, loaded) => {
    addTargetOptions(
      program
        .command('validate')
        .description('check desired-state files without talking to the platform')
        .argument('[paths...]', 'YAML/JSON files or directories')
        .option('--cdktf <dir>', 'read a synthesized CDKTF stack (cdktf.out/stacks/<name>) instead of files')
        .option('--strict', 'treat routing warnings (ambiguous, shadowed, no catch-all) as errors')
        .addOption(
          new Option('--format <format>', 'text, json, or markdown (with --target: the combined report)')
            .choices(['text', 'json', 'markdown'])
            .default('text'),
        ),
    ).action(async (paths: string[], opts: { cdktf?: string; strict?: boolean; target?: string[]; format: string }) => {
      const { runValidate } = await loaded(import('./validate.js'));
      const run = (p: string[], o: typeof opts, tio: CliIo): Promise<number> => runValidate(p, tio, o.cdktf, o.strict === true, o.format);
      if (await perTarget('validate', paths, opts, io, setExit, run)) return;
      setExit(await runValidate(paths, io, opts.cdktf, opts.strict === true, opts.format));
    });
  },
  test: (program, io, setExit, loaded) => {
    addTargetOptions(
      addConnectionOptions(
        program
          .command('test')
          .description('run the routing tests of the files (routing_tests) against the files, or the live rules with --live')
          .argument('[paths...]', 'YAML/JSON files or directories')
          .option('--live', "test the platform's live mappings and routes instead of the files' (connection options as for plan)")
          .option('--tz <zone>', `${TZ}; a test's own tz: beats it`)
          .addOption(
            new Option('--format <format>', 'text, json or junit (JUnit XML for CI)').choices(['text', 'json', 'junit']).default('text'),
          ),
      ),
    ).action(async (paths: string[], opts) => {
      const { runTest } = await loaded(import('./test.js'));
      if (await perTarget('test', paths, opts, io, setExit, runTest)) return;
      setExit(await runTest(paths, opts, io));
    });
  },
  plan: (program, io, setExit, loaded) => {
    const cmd = addTargetOptions(
      addStateOptions(
        addConnectionOptions(
          program
            .command('plan')
            .description('show the changes that would make the platform match the files')
            .argument('[paths...]', 'YAML/JSON files or directories')
            .option('--cdktf <dir>', 'take the desired state from a synthesized CDKTF stack (cdktf.out/stacks/<name>)')
            .addOption(
              new Option('--format <format>', 'text, json, markdown or html (one self-contained page)')
                .choices(['text', 'json', 'markdown', 'html'])
                .default('text'),
            )
            .option('--out <file>', 'also save the plan as JSON, for apply --plan')
            .option('--detailed-exitcode', 'exit 2 when changes are pending (0: none, 1: error)')
            .option('--allow-dangling', ALLOW_DANGLING)
            .option('--strict', 'treat routing warnings (ambiguous, shadowed, no catch-all) as errors')
            .option('--force', "show and save a plan that breaks the files' routing tests (apply of it needs --force too)")
            .option('--at <time>', "decide the routing impact at one instant only (wall clock in the proxy's zone, or with an offset)")
            .option('--tz <zone>', TZ),
        ),
      ),
    );
    addPlanKeyOption(cmd, 'sign the saved plan').action(async (paths: string[], opts) => {
      const { runPlan } = await loaded(import('./plan.js'));
      if (await perTarget('plan', paths, opts, io, setExit, runPlan)) return;
      setExit(await runPlan(paths, opts, io));
    });
  },
  drift: (program, io, setExit, loaded) => {
    addTargetOptions(
      addStateOptions(
        addConnectionOptions(
          program
            .command('drift')
            .description('report where the platform differs from the files, and the calls that affects (read-only; exit 2 on drift)')
            .argument('[paths...]', 'YAML/JSON files or directories')
            .addOption(
              new Option('--format <format>', 'text, markdown (for a CI issue or comment) or json')
                .choices(['text', 'markdown', 'json'])
                .default('text'),
            )
            .option('--out <file>', 'also write the report as JSON to FILE ({target} in it: one file per target)')
            .option('--tz <zone>', TZ),
        ),
      ),
    ).action(async (paths: string[], opts) => {
      const { runDrift } = await loaded(import('./drift.js'));
      if (await perTarget('drift', paths, opts, io, setExit, runDrift)) return;
      setExit(await runDrift(paths, opts, io));
    });
  },
  apply: (program, io, setExit, loaded) => {
    const cmd = addTargetOptions(
      addApplyOptions(
        addConnectionOptions(
          program
            .command('apply')
            .description('apply the changes of the files, or exactly a saved plan (--plan FILE)')
            .argument('[paths...]', 'YAML/JSON files or directories')
            .option('--cdktf <dir>', 'take the desired state from a synthesized CDKTF stack (cdktf.out/stacks/<name>)')
            .option('--plan <file>', 'apply exactly this saved plan (from plan --out)')
            .option('--allow-dangling', ALLOW_DANGLING),
        ),
      ),
    );
    addPlanKeyOption(cmd, 'with --plan: refuse the plan unless it is signed with the key').action(async (paths: string[], opts) => {
      const { runApply } = await loaded(import('./apply.js'));
      if (await perTarget('apply', paths, opts, io, setExit, runApply)) return;
      setExit(await runApply(paths, opts, io));
    });
  },
  destroy: (program, io, setExit, loaded) => {
    addApplyOptions(
      addConnectionOptions(
        program
          .command('destroy')
          .description('delete every live object that the files declare')
          .argument('[paths...]', 'YAML/JSON files or directories')
          .option('--cdktf <dir>', 'take the desired state from a synthesized CDKTF stack (cdktf.out/stacks/<name>)'),
      ),
    ).action(async (paths: string[], opts) => {
      const { runDestroy } = await loaded(import('./apply.js'));
      setExit(await runDestroy(paths, opts, io));
    });
  },
  export: (program, io, setExit, loaded) => {
    addTargetOptions(
      addConnectionOptions(
        program
          .command('export')
          .description('write the live state as a desired-state file')
          .option('--out <file>', 'write to FILE instead of stdout ({target} in it: one file per target)'),
      ),
    ).action(async (opts: PlatformFlags & { out?: string; target?: string[] }) => {
      const { runExport } = await loaded(import('./export.js'));
      const run = (_paths: string[], o: typeof opts, tio: CliIo): Promise<number> => runExport(o, tio);
      if (await perTarget('export', [], opts, io, setExit, run)) return;
      setExit(await runExport(opts, io));
    });
  },
  output: (program, io, setExit, loaded) => {
    const output = program.command('output').description('print values for scripts (output leases: the lease credentials)');
    addStateOptions(
      output
        .command('leases')
        .description('print the current lease credentials (this is the one command that shows passwords)')
        .argument('[paths...]', 'desired-state paths, to find the default state file beside the first')
        .addOption(new Option('--format <format>', 'table, json, or env (export lines)').choices(['table', 'json', 'env']).default('table'))
        .option('--target <target>', 'only the leases of this platform: its URL, or emulator:FILE as the target column shows'),
    ).action(async (paths: string[], opts) => {
      const { runOutputLeases } = await loaded(import('./output-leases.js'));
      setExit(await runOutputLeases(paths, opts, io));
    });
  },
  lease: (program, io, setExit, loaded) => {
    const lease = program.command('lease').description('obtain or revoke one endpoint lease by hand');
    addStateOptions(
      addConnectionOptions(
        lease
          .command('obtain')
          .description('obtain a lease and record it in the state (never revoked by plans)')
          .requiredOption('--email <email>', 'contact address for the lease')
          .requiredOption('--ttl <ttl>', 'seconds, or "<n>s", "<n>m", "<n>h"')
          .option('--name <name>', 'the name to record it under (default lease-<id>)'),
      ),
    ).action(async (opts) => {
      const { runLeaseObtain } = await loaded(import('./lease.js'));
      setExit(await runLeaseObtain(opts, io));
    });
    addStateOptions(
      addConnectionOptions(lease.command('revoke').description('revoke a lease by id and forget it').argument('<id>', 'the lease id')),
    ).action(async (id: string, opts) => {
      const { runLeaseRevoke } = await loaded(import('./lease.js'));
      setExit(await runLeaseRevoke(id, opts, io));
    });
  },
  'terraform-mirror': (program, io, setExit, loaded) => {
    program
      .command('terraform-mirror')
      .description('lay out a filesystem mirror of the Terraform provider and print a CLI config that uses it')
      .argument('<dir>', 'the mirror directory to create or update')
      .action(async (dir: string) => {
        const { runTerraformMirror } = await loaded(import('./terraform-mirror.js'));
        setExit(await runTerraformMirror(dir, io));
      });
  },
  emulator: (program, io, setExit, loaded) => {
    program
      .command('emulator')
      .description('run the built-in emulator of the platform API')
      .option('--host <host>', 'address to listen on', '127.0.0.1')
      .option('--port <port>', 'port to listen on (0 picks a free one)', '5000')
      .option(
        '--token-file <file>',
        'read the API token to require from FILE (or env DSIP_TOKEN; default: a generated one, printed on stderr)',
      )
      .option('--token <token>', 'the API token to require; visible to other users of this machine (ps): prefer --token-file or DSIP_TOKEN')
      .option('--data <file>', 'load state from FILE and save it there after every change')
      .option('--tls', 'serve HTTPS with a freshly generated self-signed certificate')
      .option('--tls-cert <file>', 'serve HTTPS with this PEM certificate (with --tls-key)')
      .option('--tls-key <file>', 'PEM private key for --tls-cert')
      .option('--empty', 'start without the fresh-install default outbound route and carrier groups 1-10')
      .option('--fault-rate <r>', 'answer this fraction of requests with 500, 502 or 503 before acting', '0')
      .option('--drop-rate <r>', 'reset this fraction of connections without an answer (half of them after the change was made)', '0')
      .option('--latency <ms>', 'delay every answer by about this many milliseconds (with jitter)', '0')
      .option('--rate-limit <n>', 'answer 429 with Retry-After above this many requests per second', '0')
      .option('--seed <n>', 'seed for the faults, so a run can be reproduced')
      .option('--swallow-group-errors', 'answer failed carrier-group writes 200 and skip what failed, as the platform does (spec profile)')
      .option('--body-timeout <ms>', 'answer 408 and close when a request body has not arrived within this long', '30000')
      .option('--max-connections <n>', 'most connections open at once; more are closed on arrival (0: no limit)', '1000')
      .option('--header-timeout <ms>', 'answer 408 and close when request headers have not arrived within this long', '10000')
      .addOption(
        new Option('--profile <profile>', 'API to serve: spec (as specified) or current (the platform as deployed)')
          .choices(['spec', 'current'])
          .default('spec'),
      )
      .option('--unlicensed', 'serve a platform without its Core licence: every API call answers 401 "Core Subscription Required"')
      .action(async (opts) => {
        const { runEmulator } = await loaded(import('./emulator.js'));
        setExit(await runEmulator(opts, io));
      });
  },
  route: (program, io, setExit, loaded) => {
    addConnectionOptions(
      program
        .command('route')
        .description('show where the proxy sends a call, step by step: from the files, or the live rules with --live')
        .argument('[paths...]', 'YAML/JSON files or directories (not with --live)')
        .option('--direction <direction>', 'inbound (a call from a carrier) or outbound (a call from a PBX or endpoint)')
        .option('--to <number>', 'the called number (the To-user the proxy routes on)')
        .option('--from <number>', 'the calling number (the From-user; outbound LCR routes match on it)')
        .option(
          '--at <time>',
          "the call time: 2026-12-28T10:00:00 (wall clock in the proxy's zone) or with an offset (Z, +01:00); default now",
        )
        .option('--tz <zone>', TZ)
        .option('--live', "route on the platform's live rules instead of the files")
        .option('--cdktf <dir>', 'take the rules from a synthesized CDKTF stack (cdktf.out/stacks/<name>)')
        .addOption(new Option('--format <format>', 'text or json').choices(['text', 'json']).default('text')),
    ).action(async (paths: string[], opts) => {
      const { runRoute } = await loaded(import('./route.js'));
      setExit(await runRoute(paths, opts, io));
    });
  },
  routes: (program, io, setExit, loaded) => {
    addTargetOptions(
      addConnectionOptions(
        program
          .command('routes')
          .description('show the whole routing table as classes of calls and where each goes, with --diff what changes between two states')
          .argument('[paths...]', 'YAML/JSON files or directories (not with --live)')
          .option('--live', "read the platform's live rules instead of the files")
          .option('--diff', 'show only the calls whose route differs: the platform against the files, or --base against the files')
          .option(
            '--base <path>',
            'with --diff: the "before" side, files or directories (an export, an older checkout); repeatable',
            collect,
            [],
          )
          .option('--detailed-exitcode', 'with --diff: exit 2 when a call changes its route (0: none, 1: error)')
          .option('--direction <direction>', 'only inbound (calls from carriers) or outbound (calls from PBXs and endpoints)')
          .option(
            '--at <time>',
            "the start of the time examined: 2026-12-28T10:00:00 (wall clock in the proxy's zone) or with an offset; default now",
          )
          .option('--tz <zone>', TZ)
          .option('--cdktf <dir>', 'take the rules from a synthesized CDKTF stack (cdktf.out/stacks/<name>)')
          .addOption(
            new Option('--format <format>', 'text, markdown, json, or html (one self-contained page)')
              .choices(['text', 'markdown', 'json', 'html'])
              .default('text'),
          ),
      ),
    ).action(async (paths: string[], opts) => {
      const { runRoutes } = await loaded(import('./routes.js'));
      const wanted = opts as { diff?: boolean; target?: string[] };
      if (wanted.diff && wanted.target?.length) {
        const { runRoutesOfTargets } = await import('./routes-sides.js');
        const code = await runRoutesOfTargets(paths, opts, io, runRoutes);
        if (code !== null) return setExit(code);
      }
      if (await perTarget('routes', paths, opts, io, setExit, runRoutes)) return;
      setExit(await runRoutes(paths, opts, io));
    });
  },
  watch: (program, io, setExit, loaded) => {
    addTargetOptions(
      addStateOptions(
        addConnectionOptions(
          program
            .command('watch')
            .description('plan every interval and keep the platform matching the files (--apply); /metrics, /healthz, webhook events')
            .argument('[paths...]', 'YAML/JSON files or directories (read afresh at each run)')
            .option('--interval <duration>', 'time between runs, with up to a tenth of jitter: 60s, 5m, 1h', '60s')
            .option('--apply', 'apply what the safety rules and routing tests allow (never forced; a refused plan is reported)')
            .option('--once', 'one run, then exit: 0 nothing left to change, 2 drift left, 1 a run failed or was refused')
            .option('--listen <host:port>', 'serve /metrics and /healthz here (none: no server)', '127.0.0.1:9464')
            .option('--webhook <url>', 'post one JSON event per drift found and change applied (Slack-compatible text field)')
            .option('--webhook-queue <n>', 'most events waiting for the webhook; the oldest are dropped past it', '100')
            .option('--webhook-attempts <n>', 'attempts per event, with a doubling wait between them', '5')
            .option('--parallelism <n>', 'most requests at once within a step of an apply', '8')
            .option('--tz <zone>', TZ)
            .option('--name <name>', 'without --target: the target label of the metrics and events (default: the URL)'),
        ),
      ),
    ).action(async (paths: string[], opts) => {
      const { runWatch } = await loaded(import('./watch.js'));
      setExit(await runWatch(paths, opts, io));
    });
  },
  stats: (program, io, setExit, loaded) => {
    addConnectionOptions(
      program
        .command('stats')
        .description('print the proxy transaction counters')
        .addOption(new Option('--format <format>', 'table or json').choices(['table', 'json']).default('table')),
    ).action(async (opts: PlatformFlags & { format: string }) => {
      const { runStats } = await loaded(import('./stats.js'));
      setExit(await runStats(opts, io));
    });
  },
};

/**
 * Registers the verbs. When the command line names one (`dsipform validate ...`), only that one is
 * built: its options, help and errors are the same, and a run does not build the other verbs' option
 * sets first. Anything else (no verb, `help`, `--version`, a misspelt verb, for the suggestion) gets
 * every verb.
 */
export function registerCommands(
  program: Command,
  io: CliIo,
  setExit: SetExit,
  argv: readonly string[] = [],
  onVerbLoaded?: VerbLoaded,
): void {
  const loaded: Loaded = onVerbLoaded
    ? async (module) => {
        const m = await module;
        onVerbLoaded();
        return m;
      }
    : (module) => module;
  const named = argv[2];
  const only = named !== undefined && Object.hasOwn(VERBS, named) ? VERBS[named] : undefined;
  if (only) {
    only(program, io, setExit, loaded);
    return;
  }
  for (const register of Object.values(VERBS)) register(program, io, setExit, loaded);
}
