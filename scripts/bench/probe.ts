// Preloaded into the server by `scripts/bench/profile.ts` (NODE_OPTIONS=--import): counts database
// queries by kind and answers CPU and profiler requests over the IPC channel. Never loaded otherwise.
import { Session } from "node:inspector/promises";
import pg from "pg";

const queries = new Map<string, number>();
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string } | undefined;
  const text = typeof first === "string" ? first : (first?.text ?? "");
  const kind = /from "session"/i.test(text)
    ? "session"
    : /^\s*(begin|commit|rollback)/i.test(text)
      ? "transaction"
      : (/(?:from|into)\s+"?(\w+)"?/i.exec(text)?.[1] ?? text.trim().slice(0, 20));
  queries.set(kind, (queries.get(kind) ?? 0) + 1);
  return (original as (...a: unknown[]) => unknown).apply(this, args);
} as typeof original;

const inspector = new Session();
inspector.connect();

process.on("message", async (msg: { type: string }) => {
  if (msg.type === "stats") {
    process.send?.({ type: "stats", cpu: process.cpuUsage(), queries: Object.fromEntries(queries) });
  } else if (msg.type === "profile-start") {
    await inspector.post("Profiler.enable");
    await inspector.post("Profiler.setSamplingInterval", { interval: 200 });
    await inspector.post("Profiler.start");
    process.send?.({ type: "profile-started" });
  } else if (msg.type === "profile-stop") {
    const { profile } = await inspector.post("Profiler.stop");
    process.send?.({ type: "profile", profile });
  }
});
