/**
 * The small part of GitHub Actions' `${{ }}` expressions the templates use: property paths,
 * 'strings', ==, !=, && and || (value-returning, || binding looser), and the status functions. A
 * template that reaches for more fails its test here, so the runner never guesses.
 */
export function evaluate(expr: string, context: Record<string, unknown>, status: { failed: boolean }): unknown {
  const any = splitTop(expr, '||');
  if (any.length > 1) return any.reduce<unknown>((v, part) => v || evaluate(part, context, status), false);
  const all = splitTop(expr, '&&');
  if (all.length > 1) return all.reduce<unknown>((v, part) => v && evaluate(part, context, status), true);
  const cmp = /^(.+?)\s*(==|!=)\s*(.+)$/.exec(expr.trim());
  if (cmp) {
    const [l, r] = [operand(cmp[1]!, context, status), operand(cmp[3]!, context, status)];
    return cmp[2] === '==' ? String(l) === String(r) : String(l) !== String(r);
  }
  return operand(expr, context, status);
}

function operand(text: string, context: Record<string, unknown>, status: { failed: boolean }): unknown {
  const t = text.trim();
  if (/^'.*'$/.test(t)) return t.slice(1, -1);
  if (t === 'always()') return true;
  if (t === 'success()') return !status.failed;
  if (t === 'failure()') return status.failed;
  if (/^[A-Za-z_][\w-]*(\.[\w-]+)*$/.test(t)) {
    return t.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], context) ?? '';
  }
  throw new Error(`the test's expression evaluator does not know: ${t}`);
}

function splitTop(expr: string, op: string): string[] {
  return expr.split(op).map((s) => s.trim());
}

/** Replaces every `${{ expr }}` in `text`. */
export function interpolate(text: string, context: Record<string, unknown>, status = { failed: false }): string {
  return text.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expr: string) => String(evaluate(expr, context, status)));
}
