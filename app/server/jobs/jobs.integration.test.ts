import { afterEach, describe, expect, it } from "vitest";
import { pool } from "../db.server";
import { JobQueue } from "./jobs.server";

const opened: JobQueue[] = [];
function queue(): JobQueue {
  const q = new JobQueue(() => process.env.DATABASE_URL!, { pollingIntervalSeconds: 0.5 });
  opened.push(q);
  return q;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((q) => q.stop()));
});

async function until<T>(read: () => T | Promise<T>, done: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the job queue", () => {
  it("keeps a scheduled job across a restart and runs it in the next process, not before its time", async () => {
    const first = queue();
    const startAfter = new Date(Date.now() + 1_500);
    const id = await first.schedule("restart-probe", { booking: "b-1" }, { startAfter });
    expect(id).toBeTruthy();
    await first.stop();

    const ran: { data: unknown; at: number }[] = [];
    const second = queue();
    second.register<{ booking: string }>("restart-probe", async (data) => {
      ran.push({ data, at: Date.now() });
    });
    await second.start();
    await until(
      () => ran.length,
      (n) => n > 0,
    );
    expect(ran).toHaveLength(1);
    expect(ran[0]?.data).toEqual({ booking: "b-1" });
    expect(ran[0]?.at).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it("adds a job with a singleton key once", async () => {
    const q = queue();
    const later = new Date(Date.now() + 3_600_000);
    const a = await q.schedule("singleton-probe", { n: 1 }, { startAfter: later, singletonKey: "release:x" });
    const b = await q.schedule("singleton-probe", { n: 2 }, { startAfter: later, singletonKey: "release:x" });
    const c = await q.schedule("singleton-probe", { n: 3 }, { startAfter: later, singletonKey: "release:y" });
    expect(a).toBeTruthy();
    expect(b).toBeNull();
    expect(c).toBeTruthy();
    const rows = await pool().query(
      "SELECT data FROM pgboss.job WHERE name = 'singleton-probe' ORDER BY data->>'n'",
    );
    expect(rows.rows.map((r) => r.data.n)).toEqual([1, 3]);
  });

  it("runs each job exactly once when several processes work the same queue", async () => {
    const seen: string[] = [];
    const workers = [queue(), queue()];
    for (const [i, w] of workers.entries()) {
      w.register<{ n: number }>("shared-probe", async (data) => {
        seen.push(`${data.n}@${i}`);
      });
      await w.start();
    }
    for (let n = 0; n < 12; n++) await workers[n % 2]?.schedule("shared-probe", { n });
    await until(
      async () =>
        (
          await pool().query(
            "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'shared-probe' AND state = 'completed'",
          )
        ).rows[0].n,
      (n) => n === 12,
    );
    const numbers = seen.map((s) => Number(s.split("@")[0])).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, n) => n));
  });

  it("takes a batch per fetch: jobs queued together run without a polling interval between each", async () => {
    // A 30 s interval: one job per fetch would run a single job before the test's 20 s wait ends.
    const q = new JobQueue(() => process.env.DATABASE_URL!, { pollingIntervalSeconds: 30 });
    opened.push(q);
    const ran: number[] = [];
    q.register<{ n: number }>("batch-probe", async (data) => {
      ran.push(data.n);
    });
    for (let n = 0; n < 10; n++) await q.schedule("batch-probe", { n });
    await q.start();
    await until(
      () => ran.length,
      (n) => n === 10,
      20_000,
    );
    expect([...ran].sort((x, y) => x - y)).toEqual(Array.from({ length: 10 }, (_, n) => n));
  });

  it("fails only the job that threw; the others fetched with it complete", async () => {
    const q = queue();
    q.register<{ n: number }>("batch-failure-probe", async (data) => {
      if (data.n === 1) throw new Error("the provider is down");
    });
    for (let n = 0; n < 3; n++) await q.schedule("batch-failure-probe", { n });
    await q.start();
    const states = await until(
      async () =>
        (
          await pool().query<{ n: number; state: string }>(
            "SELECT (data->>'n')::int AS n, state FROM pgboss.job WHERE name = 'batch-failure-probe' ORDER BY 1",
          )
        ).rows,
      (rows) => rows.every((r) => r.state !== "created" && r.state !== "active"),
    );
    expect(states).toEqual([
      { n: 0, state: "completed" },
      { n: 1, state: "retry" },
      { n: 2, state: "completed" },
    ]);
  });

  it("refuses a badly named or twice-registered job", () => {
    const q = queue();
    expect(() => q.register("Bad Name", async () => {})).toThrow(/kebab-case/);
    q.register("twice", async () => {});
    expect(() => q.register("twice", async () => {})).toThrow(/registered twice/);
  });
});
