import type { Diagnostic } from './types.js';

/**
 * A failure of the platform as a whole said once per run of the provider. A wrong token or a
 * platform that is down fails every resource's refresh, plan and data-source read alike; Terraform
 * shows each resource's error, so the same cause and hint stood there once per resource. The
 * first error of each such failure (by its code) keeps its cause and hint; every later one keeps
 * its own summary and request (so each resource still fails, and says which request) and points
 * to that one instead of repeating the hint. Terraform sorts diagnostics by their place in the
 * configuration, not by time, so the pointer does not say "above".
 */
export class SaidOnce {
  private readonly said = new Set<string>();

  /** Forgets what was said: a new run (ConfigureProvider) says each failure in full again. */
  reset(): void {
    this.said.clear();
  }

  /** The diagnostics with each platform failure after the first of its kind made brief. */
  apply(diagnostics: readonly Diagnostic[] | undefined): Diagnostic[] | undefined {
    if (!diagnostics?.some((d) => d.platformFailure)) return diagnostics as Diagnostic[] | undefined;
    return diagnostics.map((d) => {
      const failure = d.platformFailure;
      if (!failure) return d;
      if (!this.said.has(failure.code)) {
        this.said.add(failure.code);
        return d;
      }
      const { platformFailure: _, ...rest } = d;
      return { ...rest, detail: `${failure.brief}\n(The same failure as another error of this run, which says what to do about it.)` };
    });
  }
}
