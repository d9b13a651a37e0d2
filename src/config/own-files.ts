/*
 * dsipform writes JSON files of its own (saved plans, the emulator's data file, the lease state
 * file) and users keep them beside their configuration: `plan --out plan.json` in the config
 * directory is the natural first try. Read as configuration, each gives a screen of "unknown key"
 * errors; recognised, it is skipped with one note.
 */

/** What one of dsipform's own files is, for the note that says it was skipped. */
const WHAT = {
  plan: 'a saved dsipform plan',
  emulator: "a dsipform emulator's data file",
  state: "dsipform's lease state file",
} as const;

/** Markers that must all appear in the text before it is parsed to be sure (a config file rarely holds them). */
const MARKERS: Readonly<Record<keyof typeof WHAT, readonly string[]>> = {
  plan: ['"format_version"', '"checksum"', '"changes"'],
  emulator: ['"format"', '"nextRuleid"'],
  state: ['"format_version"', '"leases"'],
};

function kindOf(top: Readonly<Record<string, unknown>>): keyof typeof WHAT | null {
  // A file with `version` is configuration (perhaps a wrong one): its issues are the user's to see.
  if ('version' in top) return null;
  if (typeof top.format === 'string' && top.format.startsWith('dsipform-emulator/') && 'nextRuleid' in top) return 'emulator';
  if (typeof top.format_version === 'number' && typeof top.checksum === 'string' && Array.isArray(top.changes)) return 'plan';
  if (typeof top.format_version === 'number' && Array.isArray(top.leases)) return 'state';
  return null;
}

/**
 * The note for a `.json` file that is one of dsipform's own files (a saved plan, an emulator data
 * file, a lease state file) rather than configuration, or null. Cheap for configuration: the text
 * is parsed only when it holds every marker of one kind.
 */
export function ownFileNote(file: string, text: string): string | null {
  if (!/\.json$/i.test(file)) return null;
  const candidate = Object.values(MARKERS).some((markers) => markers.every((m) => text.includes(m)));
  if (!candidate) return null;
  let top: unknown;
  try {
    top = JSON.parse(text);
  } catch {
    return null;
  }
  if (top === null || typeof top !== 'object' || Array.isArray(top)) return null;
  const kind = kindOf(top as Record<string, unknown>);
  return kind ? `${file} is ${WHAT[kind]}, not configuration; skipped` : null;
}
