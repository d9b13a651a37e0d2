/**
 * Every error code dsipform can fail with, and what it means: the one list; and the codes of its
 * warnings, which never fail a command (listed last). A code is stable (never reworded, safe to
 * match on); its message and hint may change. docs/errors.md says what to do about each, and a
 * test keeps the two lists equal. The CLI exits 1 for every error code (2 and 130 are not errors),
 * so no exit class is kept here.
 */
export const ERROR_CODES = {
  // The platform API (ApiError)
  API_BAD_REQUEST: 'the platform rejected the request as invalid (400)',
  API_UNAUTHORIZED: 'the platform refused the API token (401)',
  API_UNLICENSED: "the platform's API needs a Core subscription (DSIP_CORE licence) the instance lacks",
  API_NOT_FOUND: 'the platform answered that the object does not exist',
  API_CONFLICT: 'the platform refused to create what it already holds (409)',
  API_NO_SUCH_ENDPOINT: 'the server does not serve this path: wrong base URL or platform release',
  API_METHOD_NOT_ALLOWED: 'the platform release does not offer this operation on this path (405)',
  API_BODY_TOO_LARGE: 'the request body exceeded the platform limit (413)',
  API_RATE_LIMITED: 'the platform asked the client to slow down (429)',
  API_SERVER_ERROR: 'the platform failed while handling the request (5xx)',
  API_UNEXPECTED_RESPONSE: 'the answer was not what the platform API answers (not its JSON, a redirect, not HTTP)',
  API_TIMEOUT: 'no answer within the timeout',
  API_CONNECTION_REFUSED: 'nothing listens at the platform URL',
  API_CONNECTION_RESET: 'the connection closed before a complete answer; the request may or may not have run',
  API_HOST_NOT_FOUND: 'the host name of the platform URL does not resolve',
  API_TLS: 'the TLS handshake failed (untrusted, expired or mismatched certificate)',
  API_HTTPS_EXPECTED: 'an http:// URL reached a server that speaks HTTPS',
  API_NETWORK: 'the request failed on the network for another reason',
  API_UNSUPPORTED: 'the deployed platform cannot carry out this operation',
  API_SWALLOWED_ERROR: 'the platform answered 200 but did not carry out the write (it hides the error)',
  // The connection settings and desired-state files
  CONFIG_INVALID: 'the desired-state files have problems (each printed with FILE:LINE:COL)',
  CONFIG_FILE_UNREADABLE: 'a file named by an option (token, CA, certificate) cannot be read',
  CONFIG_FILE_PERMISSIONS: 'a file that holds a secret (an API token, a plan signing key) is open to other users',
  CONFIG_CONFLICT: 'two options that exclude each other were given',
  CONFIG_NO_URL: 'no platform URL given',
  CONFIG_BAD_URL: 'the platform URL is not an http:// or https:// URL',
  CONFIG_URL_CREDENTIALS: "a URL (the platform's or the webhook's) carries a user name or password, which dsipform never sends",
  CONFIG_NO_TOKEN: 'no API token given, or the token file is empty',
  CONFIG_TOKEN_ON_COMMAND_LINE: 'the API token was given on the command line, where other users can read it',
  CONFIG_BAD_TIMEOUT: 'the request timeout is not a positive number of milliseconds',
  CONFIG_BAD_RETRY: 'a retry option is not a whole number in range',
  CONFIG_BAD_PROFILE: 'DSIP_API_PROFILE names no API profile',
  CONFIG_BAD_CA: 'the CA file is not a PEM certificate',
  TARGETS_INVALID: 'the targets file has problems (each printed with FILE:LINE:COL), or cannot be read',
  TARGETS_UNKNOWN: '--target names a target the targets file does not have',
  // Command-line usage
  CLI_BAD_OPTION: 'an option value is malformed or options are combined wrongly',
  CLI_BAD_FORMAT: 'an unknown --format',
  CLI_NO_PATHS: 'no desired-state files given',
  CLI_USAGE: 'the command line does not parse: an unknown command or option, a missing argument, a value not among the choices',
  // dsipform route
  ROUTE_NO_NUMBER: 'dsipform route was not given the called number (--to)',
  ROUTE_BAD_DIRECTION: 'dsipform route was not given a direction of inbound or outbound',
  ROUTE_BAD_TIME: 'the call time (--at) or the proxy time zone (--tz) cannot be read',
  OUTPUT_CLOSED: 'standard output was closed before all the output was written',
  OUTPUT_NAME_CLASH: 'two leases would be exported under the same variable names',
  FILE_WRITE_FAILED: 'an output file cannot be written',
  // Plans
  PLAN_BLOCKED: 'problems found while planning stop the plan',
  PLAN_OVERWRITES_UNREAD:
    "the plan updates a carrier group whose registration (auth) or lb_enabled the files leave out: the platform's update would overwrite what its API never shows",
  PLAN_UNSAFE: 'the plan deletes (or replaces) or changes more than the safety limits allow without --force',
  PLAN_UNROUTING: 'the plan leaves calls that route today with no route (or an ambiguous one) without --force',
  PLAN_TESTS_FAILED: "one or more of the files' routing tests fail against the rules after the plan, without --force",
  PLAN_INVARIANT_FAILED: "one or more of the files' routing invariants are violated by the rules after the plan, without --force",
  PLAN_FILE_UNREADABLE: 'the saved plan file cannot be read',
  PLAN_FILE_INVALID: 'the file is not a dsipform saved plan',
  PLAN_FILE_MODIFIED: 'the saved plan was edited after it was written (its checksum does not match)',
  PLAN_CORRUPT:
    'the saved plan is not as dsipform writes plans (a key twice, an unknown action or key, a wrong type, two changes of one object)',
  PLAN_UNSIGNED: 'a plan signing key was given, and the saved plan carries no signature',
  PLAN_SIGNATURE_MISMATCH: 'the saved plan was changed after it was signed, or signed with another key',
  PLAN_KEY_INVALID: 'the plan signing key is empty or shorter than 16 bytes',
  PLAN_TARGET_MISMATCH: 'the saved plan was made for another platform',
  PLAN_STALE: 'the platform changed since the saved plan was made',
  PLAN_NO_STATE: 'the saved plan has lease changes but names no state file',
  APPLY_NEEDS_APPROVAL: 'apply needs approval and no terminal can give it',
  APPLY_GROUP_NOT_CREATED: 'a rule names a carrier group this apply was to create, but it was not created',
  // Leases and the state file
  LEASE_NAME_TAKEN: 'the state already holds a lease of that name',
  STATE_LOCKED: 'another dsipform holds the state lock',
  STATE_UNREADABLE: 'the state file or its lock file cannot be read',
  STATE_UNWRITABLE: 'the state file, its lock file or its directory cannot be written',
  STATE_CORRUPT: 'the state file is not valid dsipform state',
  STATE_SYMLINK: 'the state file or its directory is a symbolic link, which dsipform does not follow',
  STATE_PERMISSIONS: 'the state file (which holds lease passwords) is readable by other users',
  // Carrier groups
  NUMBER_NOT_WRITTEN: 'the platform answered 200 to a number write but reading the number back shows it was not written as asked',
  NUMBER_EFFECT_NOT_SEEN:
    'a change was applied, but reading back what the platform does by itself (a mapping a number write empties, a number a mapping marks) shows it did not',
  NUMBERS_MODULE_MISSING: 'the files declare numbers, but the platform has no Numbers module (release 0.79) to hold them',
  CARRIER_GROUP_NOT_WRITTEN: 'the platform answered 200 to a carrier-group write but reading the group back shows it was not written',
  CARRIER_GROUP_PASSWORD_UNSET: "the environment variable a carrier or endpoint group's password comes from is not set when applying",
  // Endpoint groups
  ENDPOINT_GROUP_NOT_WRITTEN: 'the platform answered 200 to an endpoint-group write but reading the group back shows it was not written',
  // The emulator
  EMULATOR_BAD_OPTION: 'an emulator option (fault rates, profile) is out of range or unknown',
  EMULATOR_EMPTY_TOKEN: 'the token given to the emulator is empty',
  EMULATOR_PORT_IN_USE: 'the emulator port is already in use',
  EMULATOR_ADDRESS_UNAVAILABLE: 'the emulator host is not an address of this machine',
  EMULATOR_PORT_DENIED: 'the emulator may not listen on that port (below 1024 needs privileges)',
  EMULATOR_HOST_UNKNOWN: 'the emulator host name does not resolve',
  EMULATOR_LISTEN_FAILED: 'the emulator cannot listen for another reason',
  EMULATOR_DATA_UNREADABLE: 'the emulator data file exists but cannot be read',
  EMULATOR_DATA_CORRUPT: 'the emulator data file is not a valid snapshot',
  EMULATOR_DATA_UNWRITABLE: 'the emulator data file cannot be written',
  EMULATOR_SNAPSHOT_INVALID: 'a snapshot given to the emulator is malformed or contradicts itself',
  EMULATOR_CERT_UNWRITABLE: "the emulator's certificate file cannot be written",
  EMULATOR_TLS_INVALID: 'the certificate or key given to the emulator is not usable',
  // dsipform watch
  WATCH_PORT_IN_USE: 'the port dsipform watch serves /metrics on is already in use',
  WATCH_LISTEN_FAILED: "dsipform watch cannot serve /metrics on the --listen address (not this machine's, or needs privileges)",
  // The Terraform provider and its mirror
  TF_NOT_CONFIGURED: 'the provider was used before Terraform configured it',
  TF_READ_BACK_FAILED: 'an object the provider just wrote could not be read back',
  MIRROR_PLATFORM: 'Terraform on this operating system or CPU cannot run the provider',
  MIRROR_DIR_UNWRITABLE: 'the provider mirror directory cannot be created',
  // Routing tests and lints
  ROUTING_TESTS_NONE: 'dsipform test found no routing_tests in the files',
  ROUTING_TESTS_FAILED: 'dsipform test: one or more routing tests did not route as they expect',
  ROUTING_INVARIANTS_FAILED: 'dsipform validate or test: one or more routing invariants are violated by the rules',
  ROUTING_LINT_FAILED: 'the routing lints found errors (or warnings, with --strict)',
  // Bugs
  INTERNAL: 'dsipform itself is wrong: a bug, please report it',
  // Warnings (printed as `warning (CODE): …` on stderr; the command goes on)
  PROXY_ZONE_UNDECLARED:
    "no proxy time zone is declared (--tz, a target's timezone:, proxy.timezone in the files), so this machine's zone is used",
  MAPPING_EMPTIED_BY_NUMBERS:
    "a managed inbound mapping was emptied by the platform's Numbers module (its number is available): the plan restores it, and says whether the repair holds",
} as const satisfies Record<string, string>;

/** One of the codes in {@link ERROR_CODES}; a misspelt code fails to type-check. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes of a failed platform request (`ApiError`). */
export type ApiErrorCode = Extract<ErrorCode, `API_${string}`>;
