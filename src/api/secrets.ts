/**
 * The secrets a run knows (the API token, every lease password obtained or read from the state),
 * and their removal from text that came from the platform. A platform, or a proxy in front of it,
 * may echo a request's headers in an error message; these functions keep such echoes from ever
 * becoming an error, an outcome, an event or a report.
 */

/** What a secret is replaced with. */
const REDACTED = '(sensitive)';

/** Secrets shorter than this are not searched for: too likely to occur by chance. */
const MIN_LENGTH = 4;

/** The forms a secret takes in text: as it is, JSON-escaped (`\/` too), percent-encoded. */
function formsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [secret, json, json.replaceAll('/', '\\/'), encodeURIComponent(secret)];
}

/** One pattern matching every form of every secret, longest first; `null` when there is none. */
function compile(secrets: Iterable<string>): RegExp | null {
  const forms = new Set<string>();
  for (const s of secrets) if (s.length >= MIN_LENGTH) for (const f of formsOf(s)) forms.add(f);
  if (forms.size === 0) return null;
  const alternatives = [...forms].sort((a, b) => b.length - a.length).map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(alternatives.join('|'), 'g');
}

// A run's set only grows, so its size tells whether the compiled pattern is still current.
const compiled = new WeakMap<object, { size: number; pattern: RegExp | null }>();

function patternOf(secrets: Iterable<string>): RegExp | null {
  if (!(secrets instanceof Set)) return compile(secrets);
  const hit = compiled.get(secrets);
  if (hit && hit.size === secrets.size) return hit.pattern;
  const pattern = compile(secrets);
  compiled.set(secrets, { size: secrets.size, pattern });
  return pattern;
}

/** Replaces every known secret in `text`, in any of its forms, with `(sensitive)`. */
export function redactText(text: string, secrets: Iterable<string>): string {
  const pattern = patternOf(secrets);
  return pattern ? text.replace(pattern, REDACTED) : text;
}

function containsAny(text: string, secrets: Iterable<string>): boolean {
  const pattern = patternOf(secrets);
  if (!pattern) return false;
  pattern.lastIndex = 0;
  const found = pattern.test(text);
  pattern.lastIndex = 0;
  return found;
}

function scrubValue(value: unknown, secrets: Iterable<string>): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, secrets));
  if (value && typeof value === 'object') {
    // Keys stay: they are the answer's structure (a secret equal to `data` must not hide the data).
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubValue(v, secrets)]));
  }
  return value;
}

/**
 * A response body with every known secret removed. JSON stays valid JSON (secrets are replaced
 * inside its string values, so a secret can never break its structure); other text is replaced as
 * it is. The common case, a body holding no secret, costs one search per form and is returned as
 * it came. No legitimate answer holds a known secret: the one answer that carries a password, a
 * lease obtain, carries a new one, registered only after it arrives.
 */
export function scrubBody(text: string, secrets: Iterable<string>): string {
  if (!containsAny(text, secrets)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return redactText(text, secrets);
  }
  return JSON.stringify(scrubValue(parsed, secrets));
}
