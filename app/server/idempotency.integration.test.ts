// Every create form carries an idempotency key: the same submission arriving twice at once (a double
// click), again after it finished (a retry after a timeout, a back-button resubmit) creates one row and
// gets the first answer.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { postLedgerTransaction } from "~/features/ledger/ledger.server";
import { musicianPayableAccount, PAYSTACK_CLEARING } from "~/features/ledger/ledger-accounts";
import { insertBooking } from "~/features/payments/payment-test-support";
import { payerCookieFor, reviewBooking } from "~/features/reviews/review-test-support";
import { saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { newIdempotencyKey } from "~/lib/idempotency";
import { action as createBookingAction } from "~/routes/api-bookings";
import { action as bookingAction } from "~/routes/booking";
import { action as requestAction } from "~/routes/booking-request";
import { action as messagesAction } from "~/routes/client-messages";
import { action as marketAction } from "~/routes/market";
import { action as eventsAction } from "~/routes/musician-events";
import { action as walletAction } from "~/routes/musician-wallet";
import { action as profileAction } from "~/routes/profile";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import {
  createMusician,
  createOrganiser,
  requestAs,
  type TestMusician,
  testIp,
} from "../../tests/support/accounts";
import { answer, args, giveSlug, post, validBooking } from "../features/bookings/booking-test-support";
import { idempotent } from "./idempotency.server";

afterAll(async () => {
  await stopJobs();
});

const count = async (table: string, where = sql`true`) =>
  Number(
    (await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE ${where}`))
      .rows[0]!.n,
  );

interface Form {
  table: string;
  /** The first answer's status (200 unless the form answers with a redirect). */
  status?: number;
  /** Sends one submission of this form with the given key. */
  send: (key: string, variant?: string) => Promise<{ status: number; body: unknown }>;
}

async function forms(m: TestMusician): Promise<Record<string, Form>> {
  const slug = await giveSlug(m);
  const made = await answer(() => createBookingAction(args(post(m, "/api/bookings", validBooking))));
  const bookingSlug = made.body.slug as string;
  const ip = testIp();
  // A completed booking two days ago, open for the client's review.
  const reviewed = await reviewBooking(m, {
    eventDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
  });
  // Reviews are the payer's: the browser that paid it writes the review.
  const reviewer = await payerCookieFor(reviewed);
  // An organiser's conversation with the musician, started from the profile's Message button.
  const organiser = await createOrganiser();
  const opened = await answer(() =>
    messagesAction(
      args(requestAs(organiser, "/messages", { form: { intent: "start", musicianSlug: slug } })),
    ),
  );
  const conversationId = new URL(opened.location!, "http://x").searchParams.get("c")!;
  // A confirmed, priced booking to pay, and ₦10,000 Available with a bank account to withdraw.
  const toPay = await insertBooking(m.profileId);
  const bank = await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
  if (!bank.ok) throw new Error(bank.message);
  await db.transaction((tx) =>
    postLedgerTransaction(tx, {
      idempotencyKey: `idempotency-test-credit:${m.profileId}`,
      kind: "release",
      memo: "test: Available to withdraw",
      entries: [
        { account: PAYSTACK_CLEARING, amountKobo: -1_000_000 },
        { account: musicianPayableAccount(m.profileId), amountKobo: 1_000_000 },
      ],
    }),
  );
  return {
    // Pay answers with the redirect to the checkout: one payment row, every duplicate sent to it.
    pay: {
      table: "payments",
      status: 302,
      send: (idempotencyKey) =>
        answer(() =>
          bookingAction(
            args(
              post(null, `/booking/${toPay.slug}`, {
                intent: "pay",
                email: "ada@example.com",
                idempotencyKey,
              }),
              { slug: toPay.slug },
              ip,
            ),
          ),
        ),
    },
    withdraw: {
      table: "musician_payouts",
      send: (idempotencyKey, variant = "") =>
        answer(() =>
          walletAction(
            args(
              post(m, `/musician_wallet/${slug}`, {
                intent: "withdraw",
                amount: variant ? "1,500" : "1,000",
                idempotencyKey,
              }),
              { slug },
            ),
          ),
        ),
    },
    "booking request": {
      table: "booking_requests",
      send: (idempotencyKey, variant = "") =>
        answer(() =>
          requestAction(
            args(
              post(null, `/musicians/${slug}/request`, {
                clientName: `Kemi Bello${variant}`,
                phoneNumber: "08030001111",
                eventType: "birthday",
                eventDuration: "4",
                dateNotFixed: "on",
                idempotencyKey,
              }),
              { slug },
              ip,
            ),
          ),
        ),
    },
    booking: {
      table: "bookings_by_musician",
      send: (idempotencyKey, variant = "") =>
        answer(() =>
          createBookingAction(
            args(post(m, "/api/bookings", { ...validBooking, clientName: `Ada${variant}`, idempotencyKey })),
          ),
        ),
    },
    dispute: {
      table: "client_disputes",
      send: (idempotencyKey, variant = "") =>
        answer(() =>
          bookingAction(
            args(
              post(null, `/booking/${bookingSlug}`, {
                intent: "dispute",
                clientName: "Ada Eze",
                phoneNumber: "08031234567",
                disputeReason: `The band arrived two hours late.${variant}`,
                idempotencyKey,
              }),
              { slug: bookingSlug },
              ip,
            ),
          ),
        ),
    },
    event: {
      table: "musician_performances",
      send: (idempotencyKey, variant = "") =>
        answer(() =>
          eventsAction(
            args(
              post(m, `/musician_events/${slug}`, {
                kind: "scheduled",
                eventTitle: `Lagos Jazz Night${variant}`,
                eventType: "Concert",
                eventDate: "2099-06-01",
                idempotencyKey,
              }),
              { slug },
            ),
          ),
        ),
    },
    "portfolio item": {
      table: "musician_portfolio_items",
      send: (idempotencyKey, variant = "") =>
        answer(() =>
          profileAction(
            args(
              post(m, "/profile?tab=portfolio", {
                intent: "add-video",
                url: "https://youtu.be/aaaaaaaaaaa",
                title: `Live${variant}`,
                idempotencyKey,
              }),
            ),
          ),
        ),
    },
    waitlist: {
      table: "market_waitlist",
      send: (idempotencyKey, variant = "") =>
        answer(() =>
          marketAction(
            args(
              post(null, "/market", {
                intent: "waitlist",
                firstName: "Amaka",
                phoneNumber: "08012345678",
                email: `amaka-${m.profileId.slice(0, 8)}${variant}@example.com`,
                idempotencyKey,
              }),
              {},
              ip,
            ),
          ),
        ),
    },
    message: {
      table: "messages",
      send: (idempotencyKey, variant = "") =>
        answer(() =>
          messagesAction(
            args(
              requestAs(organiser, "/messages", {
                form: {
                  intent: "send",
                  conversationId,
                  body: `Are you free on 12 December?${variant}`,
                  idempotencyKey,
                },
              }),
            ),
          ),
        ),
    },
    review: {
      table: "reviews",
      send: (idempotencyKey, variant = "") =>
        answer(() =>
          bookingAction(
            args(
              post(reviewer, `/booking/${reviewed.slug}`, {
                intent: "review",
                overall: "5",
                satisfaction: "5",
                professionalism: "5",
                communication: "4",
                punctuality: "4",
                body: `Lovely band, everyone danced all night.${variant}`,
                idempotencyKey,
              }),
              { slug: reviewed.slug },
              ip,
            ),
          ),
        ),
    },
  };
}

describe("idempotency keys on every create form", () => {
  it("concurrent duplicates create one row each and all get the first answer", async () => {
    const m = await createMusician();
    for (const [name, form] of Object.entries(await forms(m))) {
      const before = await count(form.table);
      const key = newIdempotencyKey();
      const answers = await Promise.all([form.send(key), form.send(key), form.send(key)]);
      expect(await count(form.table), name).toBe(before + 1);
      expect(answers[0]!.status, name).toBe(form.status ?? 200);
      expect(answers[1], name).toEqual(answers[0]);
      expect(answers[2], name).toEqual(answers[0]);
    }
  });

  it("a retry after the first finished is answered as the first, without a second row", async () => {
    const m = await createMusician();
    for (const [name, form] of Object.entries(await forms(m))) {
      const before = await count(form.table);
      const key = newIdempotencyKey();
      const first = await form.send(key);
      const retry = await form.send(key);
      expect(retry, name).toEqual(first);
      expect(await count(form.table), name).toBe(before + 1);
    }
  });

  it("a new key, or the same key with edited fields, is a new submission", async () => {
    const m = await createMusician();
    const { booking } = await forms(m);
    const before = await count(booking!.table);
    const key = newIdempotencyKey();
    await booking!.send(key);
    await booking!.send(newIdempotencyKey());
    await booking!.send(key, " edited");
    expect(await count(booking!.table)).toBe(before + 3);
  });

  it("scopes keys to the signed-in user and the action", async () => {
    const m = await createMusician();
    const other = await createMusician();
    const key = newIdempotencyKey();
    const mine = await (await forms(m)).booking!.send(key);
    const theirs = await (await forms(other)).booking!.send(key);
    expect(theirs.status).toBe(200);
    expect((theirs.body as { slug: string }).slug).not.toBe((mine.body as { slug: string }).slug);
  });
});

describe("idempotent()", () => {
  const fields = () => ({ idempotencyKey: newIdempotencyKey(), name: "x" });

  it("rolls back and forgets a failed attempt, so the retry runs again", async () => {
    const f = fields();
    let runs = 0;
    const attempt = (status: number) =>
      idempotent({ action: "test", fields: f }, async () => {
        runs += 1;
        await db.execute(
          sql`INSERT INTO rate_limit (id, key, count, last_request) VALUES (gen_random_uuid(), ${`idem-${f.idempotencyKey}-${runs}`}, 1, 0)`,
        );
        return { status };
      });
    const { data } = await import("react-router");
    await idempotent({ action: "test", fields: f }, async () => {
      runs += 1;
      return data({ failed: true }, { status: 500 });
    });
    expect(await attempt(200)).toEqual({ status: 200 });
    expect(await attempt(200)).toEqual({ status: 200 });
    expect(runs).toBe(2);
    expect(await count("rate_limit", sql`key LIKE ${`idem-${f.idempotencyKey}-%`}`)).toBe(1);
  });

  it("runs the work without a key, or with one that is not a UUID", async () => {
    let runs = 0;
    const work = async () => ++runs;
    await idempotent({ action: "test", fields: { name: "x" } }, work);
    await idempotent({ action: "test", fields: { name: "x" } }, work);
    await idempotent({ action: "test", fields: { idempotencyKey: "'; DROP TABLE x; --" } }, work);
    expect(runs).toBe(3);
  });
});
