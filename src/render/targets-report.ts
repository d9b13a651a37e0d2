/** How one target's run of a verb ended, as the combined report shows it. */
export interface TargetOutcome {
  readonly name: string;
  readonly url: string;
  /** The verb's exit code for this target: 0, 2 (changes, differences), 1 (error). */
  readonly exit: number;
  /** What the verb wrote on standard output for this target, in the asked format. */
  readonly output: string;
  /** What it wrote on standard error (warnings, lint findings, the lines of an error), line by line. */
  readonly messages: readonly string[];
  /** The error that ended the target's run, if one did. */
  readonly error?: { readonly code: string; readonly message: string; readonly hint?: string };
}

/** One verb run over several targets. */
export interface TargetsReport {
  readonly verb: string;
  /** The worst of the targets' exit codes. */
  readonly exit: number;
  readonly targets: readonly TargetOutcome[];
}

/** A target's result in a word or two. */
function status(verb: string, exit: number): string {
  if (exit === 0) return 'ok';
  if (exit === 2) return verb === 'routes' ? 'routes differ' : verb === 'drift' ? 'drift' : 'changes';
  return 'error';
}

function errorLines(o: TargetOutcome): string[] {
  if (!o.error) return [];
  return [`error (${o.error.code}): ${o.error.message}`, ...(o.error.hint ? [`hint: ${o.error.hint}`] : [])];
}

/** The report as text: a summary line per target, then each target's own output under its name. */
export function renderTargetsText(report: TargetsReport): string {
  const width = Math.max(...report.targets.map((t) => t.name.length), 6);
  const lines = [`dsipform ${report.verb}: ${report.targets.length} target${report.targets.length === 1 ? '' : 's'}`];
  for (const t of report.targets) lines.push(`  ${t.name.padEnd(width)}  ${status(report.verb, t.exit).padEnd(13)}  ${t.url}`);
  for (const t of report.targets) {
    lines.push('', `=== ${t.name} (${t.url}) ===`);
    const body = t.output.replace(/\n+$/, '');
    if (body) lines.push(body);
    lines.push(...errorLines(t));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The verb's own markdown two heading levels down, so that it sits below the target's heading (its
 * `## dsipform plan` becomes `####`); lines inside code blocks are left alone.
 */
function nested(markdown: string): string {
  let inCode = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (line.startsWith('```')) inCode = !inCode;
      return !inCode && /^#{1,4} /.test(line) ? `##${line}` : line;
    })
    .join('\n');
}

/** A target's output in the report: the verb's markdown nested below the target's heading, other text in a code block. */
function fenced(output: string, markdown: boolean): string {
  const body = output.replace(/\n+$/, '');
  if (!body) return body;
  if (markdown) return nested(body);
  return `\`\`\`\n${body.replace(/```/g, '`\u200b``')}\n\`\`\``;
}

/** Table cells cannot hold a pipe or a line break. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/**
 * The report as markdown for a pull request: a table of the targets and their status, then each
 * target's output under a heading (the verb's markdown as it is; text in a code block).
 */
export function renderTargetsMarkdown(report: TargetsReport, outputIsMarkdown: boolean): string {
  const lines = [`## dsipform ${report.verb}: ${report.targets.length} target${report.targets.length === 1 ? '' : 's'}`, ''];
  lines.push('| target | result | platform |', '| --- | --- | --- |');
  for (const t of report.targets) lines.push(`| ${cell(t.name)} | ${status(report.verb, t.exit)} | ${cell(t.url)} |`);
  for (const t of report.targets) {
    lines.push('', `### ${t.name}`, '');
    const body = fenced(t.output, outputIsMarkdown);
    if (body) lines.push(body);
    const err = errorLines(t);
    if (err.length > 0) lines.push('', fenced(err.join('\n'), false));
  }
  return `${lines.join('\n')}\n`;
}

/** A target's output as JSON: the document it wrote, or its lines as a list (one event per line), else the text. */
function parsed(output: string): unknown {
  if (output.trim() === '') return null;
  try {
    return JSON.parse(output) as unknown;
  } catch {
    try {
      return output
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as unknown);
    } catch {
      return output;
    }
  }
}

/** The report as one JSON document: `{verb, exit, targets: [{name, url, exit, status, result, messages, error?}]}`. */
export function renderTargetsJson(report: TargetsReport): string {
  const doc = {
    verb: report.verb,
    exit: report.exit,
    targets: report.targets.map((t) => ({
      name: t.name,
      url: t.url,
      exit: t.exit,
      status: status(report.verb, t.exit),
      result: parsed(t.output),
      messages: t.messages,
      ...(t.error ? { error: t.error } : {}),
    })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
