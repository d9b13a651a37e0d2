/**
 * Crash points for tests of what survives a crash: when `DSIPFORM_CRASH_AT` names a point that an
 * apply reaches (`lease-requested`, `lease-recorded`, `lease-revoked`, `change-applied`), optionally with the how-many-th
 * time (`change-applied:5`), the process kills itself with SIGKILL right there, as a power cut or
 * `kill -9` would. Unset (always, outside tests), it does nothing.
 */
export function crashPoints(env: NodeJS.ProcessEnv): (name: string) => void {
  const at = env.DSIPFORM_CRASH_AT;
  if (!at) return () => undefined;
  const [point, nth] = at.split(':');
  let seen = 0;
  return (name) => {
    if (name !== point) return;
    seen += 1;
    if (seen >= Number(nth ?? 1)) process.kill(process.pid, 'SIGKILL');
  };
}
