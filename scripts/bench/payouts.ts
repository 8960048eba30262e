// npm run bench:payouts [-- --releases 40 --musicians 10 --rate 2 --port 3206]
// Release → "Paid out" on the built-in test provider (issue 29: goal p95 ≤ 60 s), end to end on a locally
// started production server: musicians with a verified payout account, bookings paid on the test
// checkout, then released by their payer ("The event happened", the day after the event) at a steady
// rate, in pairs (two of one musician's at the same moment). Each release is the real release
// transaction (it asks for the automatic payout); the server's job
// queue sends the transfer after commit, the test provider settles it a moment later by its signed
// webhook to the server, and the payout becomes paid. Measured: from the release's start to the moment
// the payout row became paid. Then the server stops and `npm run ledger:check` runs on its database.
// Prints one JSON line ({"target":"payouts",…}) and writes bench/results/payouts.json and payouts.md.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { AppServer, ensureBuild, ROOT, sleep } from "./server-control";

const { values: args } = parseArgs({
  options: {
    releases: { type: "string", default: "40" },
    musicians: { type: "string", default: "10" },
    /** Releases started per second (in pairs: two of one musician's at the same moment). */
    rate: { type: "string", default: "2" },
    port: { type: "string", default: "3206" },
    "build-dir": { type: "string", default: "build-bench" },
    "data-dir": { type: "string", default: ".data-bench-payouts" },
  },
});
const RELEASES = Number(args.releases);
// Each musician's bookings take an hour of yesterday each (they may not overlap): at most 24.
const MUSICIANS = Number(args.musicians);
const RATE = Number(args.rate);
const GOAL_P95_MS = 60_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main() {
  if (RELEASES > 24 * MUSICIANS) throw new Error("at most 24 releases per musician (one per hour of a day)");
  ensureBuild(args["build-dir"]);
  const dataDir = args["data-dir"];
  fs.rmSync(path.resolve(ROOT, dataDir), { recursive: true, force: true });
  fs.mkdirSync(path.resolve(ROOT, dataDir), { recursive: true });
  const server = new AppServer({
    port: Number(args.port),
    dataDir,
    buildDir: args["build-dir"],
    logFile: `${dataDir}-server.log`,
  });
  server.start();
  let latencies: number[] = [];
  let unpaid = 0;
  try {
    await server.waitHealthy(300_000);
    // Accounts and paid bookings straight through the app's own functions on the server's database
    // (sign-up and checkout are not what is measured).
    process.env.DATABASE_URL = server.databaseUrl();
    process.env.DATA_DIR = dataDir;
    process.env.LOG_LEVEL = "warn";
    process.env.BETTER_AUTH_SECRET = fs
      .readFileSync(path.resolve(ROOT, dataDir, "auth-secret"), "utf8")
      .trim();
    const { createMusician } = await import("../../tests/support/accounts");
    const { asPayer, insertBooking, testCheckoutReference } = await import(
      "../../app/features/payments/payment-test-support"
    );
    const { handleChargeSuccess, startCheckout } = await import(
      "../../app/features/payments/checkout.server"
    );
    const { completeTestCheckout } = await import(
      "../../app/features/payments/paystack/test-provider.server"
    );
    const { releaseEscrow } = await import("../../app/features/payments/release.server");
    const { saveOwnBankAccount } = await import("../../app/features/wallet/wallet.server");
    const { closeDb } = await import("../../app/server/db.server");
    const { stopJobs } = await import("../../app/server/jobs/jobs.server");

    console.log(`creating ${MUSICIANS} musicians with a payout account and ${RELEASES} paid bookings ...`);
    const musicians: string[] = [];
    for (let i = 0; i < MUSICIANS; i++) {
      const m = await createMusician();
      const saved = await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
      if (!saved.ok) throw new Error(`payout account not saved: ${saved.message}`);
      musicians.push(m.profileId);
    }
    // Events yesterday (Lagos): over, so the payer may release, and the automatic release (48 h after
    // the event's end) is not due, so only the payer releases them.
    const yesterday = new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(
      new Date(Date.now() - 86_400_000),
    );
    const bookings: string[] = [];
    const payers = new Map<string, Awaited<ReturnType<typeof asPayer>>>();
    for (let i = 0; i < RELEASES; i++) {
      // Pairs: bookings 2k and 2k+1 belong to one musician and are released at the same moment.
      const musicianId = musicians[Math.floor(i / 2) % musicians.length]!;
      // One musician's bookings never overlap: each its own hour of yesterday.
      const hour = String(Math.floor(i / (2 * musicians.length)) * 2 + (i % 2)).padStart(2, "0");
      const booking = await insertBooking(musicianId, {
        eventDate: yesterday,
        eventStartTime: `${hour}:00`,
        eventEndTime: `${hour}:30`,
        status: "confirmed",
      });
      const started = await startCheckout(
        booking.slug,
        { email: `payer-${i}@example.com` },
        `10.9.${Math.floor(i / 200)}.${i % 200}`,
      );
      if (!started.ok) throw new Error(started.message);
      // The checkout link names the access code, never the reference (ADR 0025): read it as the provider does.
      const reference = await testCheckoutReference(started.authorizationUrl);
      await completeTestCheckout(reference, async (p) => {
        await handleChargeSuccess(p.data as never);
      });
      bookings.push(booking.id);
      payers.set(booking.id, await asPayer(booking.id));
    }

    console.log(`releasing ${RELEASES} bookings, ${RATE} a second in pairs, and waiting for "Paid out" ...`);
    const startedAt = new Map<string, number>();
    const releases: Promise<unknown>[] = [];
    const t0 = Date.now();
    for (let i = 0; i < RELEASES; i += 2) {
      const due = t0 + (i * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      for (const id of bookings.slice(i, i + 2)) {
        startedAt.set(id, Date.now());
        releases.push(
          releaseEscrow(id, "client", payers.get(id)).then((r) => {
            if (!r.ok) throw new Error(`release refused: ${r.message}`);
          }),
        );
      }
    }
    await Promise.all(releases);
    const deadline = Date.now() + 180_000;
    let paid = new Map<string, Date>();
    while (Date.now() < deadline) {
      paid = await server.withDb(async (c) => {
        const { rows } = await c.query<{ booking_id: string; updated_at: Date }>(
          "SELECT booking_id, updated_at FROM musician_payouts WHERE status = 'paid' AND booking_id = ANY($1)",
          [bookings],
        );
        return new Map(rows.map((r) => [r.booking_id, r.updated_at]));
      });
      if (paid.size === bookings.length) break;
      await sleep(250);
    }
    unpaid = bookings.length - paid.size;
    latencies = [...paid].map(([id, at]) => at.getTime() - startedAt.get(id)!).sort((a, b) => a - b);
    const transfers = await server.withDb(async (c) => {
      const { rows } = await c.query<{ n: string; refs: string }>(
        `SELECT count(*) AS n, count(DISTINCT booking_id) AS refs FROM musician_payouts
         WHERE booking_id = ANY($1) AND status IN ('pending', 'paid')`,
        [bookings],
      );
      return { payouts: Number(rows[0]!.n), bookings: Number(rows[0]!.refs) };
    });
    if (transfers.payouts !== transfers.bookings)
      throw new Error(`${transfers.payouts} payouts for ${transfers.bookings} releases: one was paid twice`);
    await stopJobs();
    await closeDb();
  } finally {
    await server.stop();
  }

  console.log("ledger:check on the bench's database ...");
  // The embedded database under the bench's data directory, opened by ledger:check itself.
  const { DATABASE_URL: _url, DATABASE_APP_URL: _appUrl, ...env } = process.env;
  const check = spawnSync(process.execPath, ["--import", "tsx", "scripts/ledger-check.ts"], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  process.stdout.write(check.stdout ?? "");
  process.stderr.write(check.stderr ?? "");
  const result = {
    target: "payouts",
    at: new Date().toISOString(),
    releases: RELEASES,
    musicians: MUSICIANS,
    ratePerSecond: RATE,
    paidOut: latencies.length,
    unpaid,
    p50Ms: Math.round(percentile(latencies, 50)),
    p95Ms: Math.round(percentile(latencies, 95)),
    maxMs: Math.round(latencies.at(-1) ?? 0),
    goalP95Ms: GOAL_P95_MS,
    ledgerCheck: check.status === 0 ? "pass" : "fail",
  };
  const md = [
    "## Automatic payouts (issue 29)",
    "",
    `Release → "Paid out" on the built-in test provider, one production server on this machine: ${RELEASES} payer releases ("The event happened") of ${MUSICIANS} musicians' bookings, ${RATE} a second in pairs (two of one musician's at the same moment). Each release asks for the payout in its own transaction; the job queue sends the transfer; the test provider's webhook settles it.`,
    "",
    "| measure | value |",
    "|---|---|",
    `| release → Paid out, p50 / p95 / max | ${(result.p50Ms / 1000).toFixed(1)} s / ${(result.p95Ms / 1000).toFixed(1)} s / ${(result.maxMs / 1000).toFixed(1)} s (goal p95 ≤ 60 s) |`,
    `| paid out | ${result.paidOut} of ${RELEASES} (one transfer per release) |`,
    `| ledger:check after | ${result.ledgerCheck} |`,
    "",
  ].join("\n");
  const outDir = path.resolve(ROOT, "bench", "results");
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, "payouts.json"), `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(path.join(outDir, "payouts.md"), md);
  console.log(JSON.stringify(result));
  console.log(`\n${md}`);
  if (unpaid > 0) throw new Error(`${unpaid} released payments were not paid out within 3 minutes`);
  if (result.p95Ms > GOAL_P95_MS)
    throw new Error(`release → Paid out p95 is ${result.p95Ms} ms (goal ≤ 60 s)`);
  if (check.status !== 0) throw new Error("ledger:check failed after the payouts bench");
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
