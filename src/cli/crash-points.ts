/**
 * Crash points for tests of what survives a crash: when `DSIPFORM_CRASH_AT` names a point that an
 * apply reaches (e.g. `lease-recorded`), the process kills itself with SIGKILL right there, as a
 * power cut or `kill -9` would. Unset (always, outside tests), it does nothing.
 */
export function crashPoints(env: NodeJS.ProcessEnv): (name: string) => void {
  const at = env.DSIPFORM_CRASH_AT;
  if (!at) return () => undefined;
  return (name) => {
    if (name === at) process.kill(process.pid, 'SIGKILL');
  };
}
