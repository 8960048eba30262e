// During a failover the app's connections can reach a server that is not the primary: a standby, or a
// primary Patroni is demoting. PostgreSQL then refuses every write with 25006 (read-only). A database
// whose sessions start read-only (default_transaction_read_only) stands in for it here: writes answer
// 503 with Retry-After and store nothing, the outage watcher calls it down, and once a writable server
// is back the pool's next connection writes (the read-only one was closed, not kept).
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { newIdempotencyKey } from "~/lib/idempotency";
import { OUTAGE_MESSAGE } from "~/lib/outage";
import { databaseStatus, watchDatabase } from "./database-health.server";

const url = process.env.DATABASE_URL!;
const database = new URL(url).pathname.slice(1);
const admin = new pg.Client({ connectionString: url });
await admin.connect();
afterAll(() => admin.end());

/** New sessions of the test database start read-only, as every session on a standby is. */
async function readOnly(on: boolean) {
  await admin.query(
    on
      ? `ALTER DATABASE "${database}" SET default_transaction_read_only = on`
      : `ALTER DATABASE "${database}" RESET default_transaction_read_only`,
  );
}

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(check()).toBe(true);
}

type Answer = { data?: { toast?: { message?: string } }; init?: ResponseInit | null };

function joinWaitlist(idempotencyKey: string) {
  const body = new URLSearchParams({
    firstName: "Ada",
    phoneNumber: "08031234567",
    email: "ada.readonly@example.com",
    idempotencyKey,
  });
  const request = new Request("http://localhost:3000/market", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  return import("~/routes/market").then(
    (market) =>
      market.action({
        request,
        params: {},
        context: { clientIp: "203.0.113.7", requestId: "read-only-test", cspNonce: "" },
      } as never) as Promise<Answer>,
  );
}

async function stored(): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    "SELECT count(*) AS n FROM market_waitlist WHERE email = 'ada.readonly@example.com'",
  );
  return Number(rows[0]!.n);
}

it("a write refused as read-only answers 503 with Retry-After; once writable, the pool's next connection writes", async () => {
  // The app's pool is made on first use: its connections are made while the database is read-only.
  await readOnly(true);
  const key = newIdempotencyKey();
  const refused = await joinWaitlist(key);
  expect(refused.init?.status).toBe(503);
  expect(new Headers(refused.init?.headers).get("retry-after")).toBe("5");
  expect(refused.data?.toast?.message).toBe(OUTAGE_MESSAGE);
  expect(await stored()).toBe(0);

  // A primary again (the balancer found the new one): the same sign-up sent again with its key is
  // stored, once, on the first try: the pool did not keep the read-only connection.
  await readOnly(false);
  const accepted = await joinWaitlist(key);
  expect(accepted.init?.status ?? 200).toBe(200);
  expect(await stored()).toBe(1);
  const again = await joinWaitlist(key);
  expect(again.init?.status ?? 200).toBe(200);
  expect(await stored()).toBe(1);
});

it("the outage watcher calls a read-only database down, and up once it takes writes", async () => {
  await readOnly(true);
  watchDatabase(url);
  await until(() => !databaseStatus().ok);
  const status = databaseStatus();
  expect(status.ok ? "" : status.reason).toMatch(/read-only/);
  await readOnly(false);
  await until(() => databaseStatus().ok);
});
