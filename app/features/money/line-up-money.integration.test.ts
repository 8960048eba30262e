// Issue 39 items 5 and 7 (ADR 0033): a line-up's money. The line-up frozen at payment is paid from
// escrow by the one release transition, each member to their own wallet, in one balanced posting with
// the commission taken once; refunds and splits give each member the fraction of their fee the musician
// side keeps; a card dispute holds every member's share like the leader's; ledger:check knows line-ups.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { cancelOwnBooking } from "~/features/bookings/cancel-own-booking.server";
import { accountBalanceKobo, postLedgerTransaction } from "~/features/ledger/ledger.server";
import {
  chargebackReceivableAccount,
  escrowAccount,
  musicianPayableAccount,
  PLATFORM_REVENUE,
} from "~/features/ledger/ledger-accounts";
import type { memberLineUps } from "~/features/lineups/lineups.server";
import { mailsTo } from "~/features/notifications/notice-test-support";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { findMoneyBreaches } from "~/features/payments/ledger-consistency.server";
import {
  asPayer,
  deliverWebhook,
  insertBooking,
  outboxMails,
  releaseDueOnCreditInEveryTest,
  testCheckoutReference,
} from "~/features/payments/payment-test-support";
import events from "~/features/payments/paystack/fixtures/webhook-events.json";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { releaseEscrow, runAutoRelease } from "~/features/payments/release.server";
import { resolvePaymentDispute } from "~/features/refunds/admin-payments.server";
import { cancelBookingAsClient } from "~/features/refunds/client-cancel.server";
import { chooseAutomaticPayouts } from "~/features/wallet/automatic-payouts.server";
import {
  availableKobo,
  chooseCancellationPolicy,
  handleTransferEvent,
  requestWithdrawal,
  saveOwnBankAccount,
  walletView,
} from "~/features/wallet/wallet.server";
import { lineUpGigAnchor, walletLineHref } from "~/features/wallet/wallet-links";
import { newIdempotencyKey } from "~/lib/idempotency";
import { formatNaira } from "~/lib/money";
import { loader as lineUpsLoader } from "~/routes/musician-lineups";
import { db, pool } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { lineUpMembers } from "~db/schema/lineups";
import { createMusician, requestAs, type TestMusician, testIp } from "../../../tests/support/accounts";
import { peekBookingMoney, withdrawableKobo } from "./booking-money.server";
import { eventStartsAt } from "./cancellation-policy";
import { sharesOf } from "./money-rules";

afterAll(async () => {
  await stopJobs();
});
releaseDueOnCreditInEveryTest();

const PAID = 26_250_000; // ₦250,000 + 5% service fee
const SHARE = 22_500_000; // ₦250,000 − 10% commission: the musician side's share
const DRUMS = 5_000_000; // the drummer's fee, ₦50,000
const BASS = 3_000_000; // the bassist's fee, ₦30,000

/** Paystack's charge.dispute.* for one of our charges. */
function cardDispute(
  event: "charge.dispute.create" | "charge.dispute.resolve",
  id: string,
  reference: string,
  resolution: string | null = null,
) {
  const base = events["charge.dispute.create"].data;
  return {
    event,
    data: {
      ...base,
      id,
      status: event === "charge.dispute.create" ? "awaiting-merchant-feedback" : "resolved",
      resolution,
      refund_amount: PAID,
      transaction: { ...base.transaction, reference, amount: PAID, status: "success" },
    },
  };
}

/** A musician with a verified payout account, sending released money to the bank automatically or not. */
async function musician(auto: boolean): Promise<TestMusician> {
  const m = await createMusician();
  expect((await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" })).ok).toBe(
    true,
  );
  await chooseAutomaticPayouts(m.profileId, auto);
  return m;
}

/**
 * A ₦250,000 booking of the leader with a drummer (₦50,000) and a bassist (₦30,000) who accepted, a
 * keyboardist still invited when it is paid (their place lapses) and a guitarist who declined.
 */
async function band(auto: { leader: boolean; drummer: boolean; bassist: boolean }, over = {}) {
  const [leader, drummer, bassist, late, declined] = await Promise.all([
    musician(auto.leader),
    musician(auto.drummer),
    musician(auto.bassist),
    musician(false),
    musician(false),
  ]);
  const booking = await insertBooking(leader.profileId, over);
  const place = (m: TestMusician, role: string, feeKobo: number, status: string) =>
    db.insert(lineUpMembers).values({ bookingId: booking.id, memberId: m.profileId, role, feeKobo, status });
  await place(drummer, "Drummer", DRUMS, "accepted");
  await place(bassist, "Bassist", BASS, "accepted");
  await place(late, "Keyboardist", 2_000_000, "invited");
  await place(declined, "Guitarist", 1_000_000, "declined");
  return { leader, drummer, bassist, late, booking };
}

/** The booking paid on the test checkout (charge.success delivered in-process). */
async function pay(slug: string) {
  const started = await startCheckout(slug, { email: "ada@example.com" }, testIp());
  if (!started.ok) throw new Error(started.message);
  const reference = await testCheckoutReference(started.authorizationUrl);
  await completeTestCheckout(reference, async (p) => {
    await handleChargeSuccess(p.data as Parameters<typeof handleChargeSuccess>[0]);
  });
  return reference;
}

/** The entries of the booking's postings of `kind`, by account code (one row per entry). */
async function entriesOf(bookingId: string, kind: string) {
  const r = await pool().query<{ key: string; code: string; amount: string }>(
    `SELECT t.idempotency_key AS key, a.code, e.amount_kobo AS amount
     FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
     JOIN ledger_accounts a ON a.id = e.account_id
     WHERE t.booking_id = $1 AND t.kind = $2 ORDER BY a.code`,
    [bookingId, kind],
  );
  return r.rows.map((x) => ({ key: x.key, code: x.code, amountKobo: Number(x.amount) }));
}

/** A Nigerian mobile number, as typed and as stored (+234…). */
function mobile() {
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  return { typed: `0805${rest}`, e164: `+234805${rest}` };
}

/** The texts queued for a number: their event, words and the page their short link opens. */
async function textsTo(e164: string) {
  const r = await pool().query<{ event: string; text: string }>(
    "SELECT event, text FROM phone_messages WHERE to_phone = $1 AND channel = 'sms' ORDER BY created_at",
    [e164],
  );
  return Promise.all(
    r.rows.map(async (x) => {
      const code = /\/s\/([A-Za-z0-9]{8})\b/.exec(x.text)?.[1];
      // The page it opens: a short link's target, or the link itself when it fits.
      const link = code
        ? (await pool().query<{ target: string }>("SELECT target FROM short_links WHERE code = $1", [code]))
            .rows[0]?.target
        : (/https?:\/\/[^/\s]+(\/\S*)$/.exec(x.text)?.[1] ?? null);
      return { ...x, link };
    }),
  );
}

async function slugOf(profileId: string) {
  return (
    await pool().query<{ slug: string }>("SELECT slug FROM musician_profiles WHERE id = $1", [profileId])
  ).rows[0]?.slug;
}

/** Each member's line-up fee notice on the booking: what it says reached them. */
async function lineUpFeeNotices(bookingId: string) {
  const r = await pool().query<{ musician_id: string; data: { musicianKobo: number } }>(
    "SELECT musician_id, data FROM money_notifications WHERE booking_id = $1 AND kind = 'line_up_fee'",
    [bookingId],
  );
  return new Map(r.rows.map((x) => [x.musician_id, x.data.musicianKobo]));
}

async function payoutsOf(bookingId: string) {
  const r = await pool().query<{ musician_id: string; reference: string; amount: string; status: string }>(
    "SELECT musician_id, reference, amount_kobo AS amount, status FROM musician_payouts WHERE booking_id = $1",
    [bookingId],
  );
  return new Map(
    r.rows.map((p) => [
      p.musician_id,
      { reference: p.reference, amountKobo: Number(p.amount), status: p.status },
    ]),
  );
}

describe("a release pays the line-up frozen at payment, each to their own wallet", () => {
  it("one balanced posting: each member credited once, the leader the rest, the commission once; payouts by each member's own setting", async () => {
    const { leader, drummer, bassist, late, booking } = await band({
      leader: true,
      drummer: true,
      bassist: false,
    });
    await pay(booking.slug);
    // Frozen with the payment: the keyboardist who had not answered is out.
    const [lapsed] = await db
      .execute<{ status: string }>(
        sql`SELECT status FROM line_up_members WHERE member_id = ${late.profileId}`,
      )
      .then((r) => r.rows);
    expect(lapsed?.status).toBe("lapsed");
    expect((await peekBookingMoney(booking.id))?.lineUp.map((x) => x.musicianId)).toEqual([
      drummer.profileId,
      bassist.profileId,
    ]);

    await db.execute(
      sql`UPDATE musician_profiles SET stage_name = 'Ekwe Band' WHERE id = ${leader.profileId}`,
    );
    const phones = { drummer: mobile(), bassist: mobile() };
    await db.execute(
      sql`UPDATE musician_profiles SET phone_number = ${phones.drummer.typed} WHERE id = ${drummer.profileId}`,
    );
    await db.execute(
      sql`UPDATE musician_profiles SET phone_number = ${phones.bassist.typed} WHERE id = ${bassist.profileId}`,
    );
    // The timer's release (the one release transition, as the payer's and the admin's).
    await runAutoRelease({ bookingId: booking.id });
    const release = await entriesOf(booking.id, "release");
    expect(new Set(release.map((e) => e.key))).toEqual(new Set([`release:${booking.id}`]));
    expect(release.map((e) => [e.code, e.amountKobo]).sort()).toEqual(
      [
        [escrowAccount(booking.id), -PAID],
        [musicianPayableAccount(leader.profileId), SHARE - DRUMS - BASS],
        [musicianPayableAccount(drummer.profileId), DRUMS],
        [musicianPayableAccount(bassist.profileId), BASS],
        // The service fee and the commission, once.
        [PLATFORM_REVENUE, PAID - SHARE],
      ].sort(),
    );
    expect(release.reduce((s, e) => s + e.amountKobo, 0)).toBe(0);
    expect(
      await entriesOf(booking.id, "release").then((r) => r.filter((e) => e.code.includes(late.profileId))),
    ).toEqual([]);

    // Each member's automatic payout follows their own setting: the drummer's goes, the bassist's stays.
    const payouts = await payoutsOf(booking.id);
    expect(payouts.get(leader.profileId)).toMatchObject({
      amountKobo: SHARE - DRUMS - BASS,
      status: "pending",
    });
    expect(payouts.get(drummer.profileId)).toMatchObject({ amountKobo: DRUMS, status: "pending" });
    expect(payouts.get(drummer.profileId)?.reference).not.toBe(payouts.get(leader.profileId)?.reference);
    expect(payouts.has(bassist.profileId)).toBe(false);
    expect(await availableKobo(bassist.profileId)).toBe(BASS);

    // Each member is told, alone: the fee, the gig with the leader, where the money went; never the client.
    const notices = (
      await pool().query<{
        musician_id: string;
        data: { musicianKobo: number; payoutAccount: string | null };
      }>("SELECT musician_id, data FROM money_notifications WHERE booking_id = $1 AND kind = 'line_up_fee'", [
        booking.id,
      ])
    ).rows;
    expect(new Map(notices.map((x) => [x.musician_id, x.data.musicianKobo]))).toEqual(
      new Map([
        [drummer.profileId, DRUMS],
        [bassist.profileId, BASS],
      ]),
    );
    expect(notices.find((x) => x.musician_id === drummer.profileId)?.data.payoutAccount).toMatch(/••6789$/);
    const feeMail = outboxMails(bassist.email).find((mail) => mail.includes("Your line-up fee for"));
    expect(feeMail).toContain("with Ekwe Band (Bassist) was released");
    expect(feeMail).not.toContain("Ada Eze");
    expect(outboxMails(leader.email).some((mail) => mail.includes("Your line-up fee for"))).toBe(false);

    // Each member gets their text too, by the phone-messages rules (as the leader's release text): once,
    // their own figure, where it went, the leader's name (never the client's), their own Line-ups page.
    const drumsText = await textsTo(phones.drummer.e164);
    expect(drumsText.map((x) => x.event)).toEqual(["line_up_fee_paid_out"]);
    expect(drumsText[0]!.text).toMatch(
      /^Your line-up fee of NGN 50,000 for Wedding, .+ with Ekwe Band is paid out to .+6789\. /,
    );
    const bassText = await textsTo(phones.bassist.e164);
    expect(bassText.map((x) => x.event)).toEqual(["line_up_fee"]);
    expect(bassText[0]!.text).toMatch(
      /^Your line-up fee of NGN 30,000 for Wedding, .+ with Ekwe Band is released to your wallet\. /,
    );
    for (const [m, t] of [
      [drummer, drumsText[0]!],
      [bassist, bassText[0]!],
    ] as const)
      expect(t.link).toBe(`/musician_lineups/${await slugOf(m.profileId)}`);
    for (const t of [...drumsText, ...bassText]) expect(t.text).not.toContain("Ada");

    // The drummer's payout reaches their bank: the notice goes to the drummer alone, never to the leader.
    const drums = payouts.get(drummer.profileId)!;
    await handleTransferEvent("transfer.success", {
      reference: drums.reference,
      amountKobo: drums.amountKobo,
      currency: "NGN",
    });
    const paid = (mail: string) => mail.includes("paid out automatically") && mail.includes("50,000");
    const drummerMails = outboxMails(drummer.email).filter(paid);
    expect(drummerMails).toHaveLength(1);
    // Their gig with the leader, never the client.
    expect(drummerMails[0]).toContain("for Ekwe Band, paid out automatically");
    expect(drummerMails[0]).not.toContain("Ada Eze");
    expect(outboxMails(leader.email).some(paid)).toBe(false);

    // The release's money event carries each member's figures (notices never read the money again).
    const [event] = (
      await pool().query<{ data: { moved: { members: unknown[] }; lineUp: unknown[] } }>(
        "SELECT data FROM money_events WHERE booking_id = $1 AND kind = 'release'",
        [booking.id],
      )
    ).rows;
    expect(event?.data.moved.members).toEqual([
      { musicianId: drummer.profileId, role: "Drummer", feeKobo: DRUMS, availableKobo: DRUMS, repaidKobo: 0 },
      { musicianId: bassist.profileId, role: "Bassist", feeKobo: BASS, availableKobo: BASS, repaidKobo: 0 },
    ]);

    // A second release (the payer, the admin) moves nothing more.
    await releaseEscrow(booking.id, "admin");
    expect(await entriesOf(booking.id, "release")).toHaveLength(release.length);
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("a member who owes for a lost chargeback repays it from their fee first, not the leader", async () => {
    const { leader, drummer, booking } = await band({ leader: false, drummer: false, bassist: false });
    await postLedgerTransaction(db, {
      idempotencyKey: `seed-debt:${drummer.profileId}`,
      kind: "chargeback",
      memo: "seeded debt",
      entries: [
        { account: chargebackReceivableAccount(drummer.profileId), amountKobo: -1_000_000 },
        { account: PLATFORM_REVENUE, amountKobo: 1_000_000 },
      ],
    });
    await pay(booking.slug);
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
    expect(await accountBalanceKobo(chargebackReceivableAccount(drummer.profileId))).toBe(0);
    expect(await availableKobo(drummer.profileId)).toBe(DRUMS - 1_000_000);
    expect(await availableKobo(leader.profileId)).toBe(SHARE - DRUMS - BASS);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

/** A wallet's statement adds up to its figures (as wallet-statement.property checks for every wallet). */
async function reconciled(musicianId: string) {
  const view = await walletView(musicianId);
  const { lines, earnedKobo, pendingPayoutKobo } = view.statement;
  expect(lines.reduce((s, l) => s + l.effectKobo, 0)).toBe(view.availableKobo + view.inEscrowKobo);
  expect(earnedKobo).toBe(view.availableKobo + view.inEscrowKobo + view.paidOutKobo + pendingPayoutKobo);
  expect(view.statement.inEscrowKobo).toBe(view.inEscrowKobo);
  return view;
}

describe("the wallets say where a line-up's money went", () => {
  it("each member's history reads 'Line-up fee: {event} with {Leader}'; the leader's In escrow is their share less the fees", async () => {
    const { leader, drummer, bassist, booking } = await band({
      leader: false,
      drummer: false,
      bassist: false,
    });
    await db.execute(
      sql`UPDATE musician_profiles SET stage_name = 'Tunde & The Ekwe Band' WHERE id = ${leader.profileId}`,
    );
    await pay(booking.slug);
    const held = await reconciled(leader.profileId);
    expect(held.inEscrowKobo).toBe(SHARE - DRUMS - BASS);
    // The leader's "paid" notice says what they keep, from the event's frozen line-up.
    const [paidNotice] = (
      await pool().query<{ data: { musicianKobo: number } }>(
        "SELECT data FROM money_notifications WHERE booking_id = $1 AND kind = 'paid'",
        [booking.id],
      )
    ).rows;
    expect(paidNotice?.data.musicianKobo).toBe(SHARE - DRUMS - BASS);
    expect(held.statement.lines[0]?.text).toMatch(/ − line-up ₦80,000(\.00)?\)$/);
    expect((await reconciled(drummer.profileId)).statement.lines).toEqual([]);

    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
    expect((await reconciled(leader.profileId)).availableKobo).toBe(SHARE - DRUMS - BASS);
    for (const [m, fee, role] of [
      [drummer, DRUMS, "Drummer"],
      [bassist, BASS, "Bassist"],
    ] as const) {
      const view = await reconciled(m.profileId);
      expect(view.availableKobo).toBe(fee);
      expect(view.statement.lines).toHaveLength(1);
      expect(view.statement.lines[0]).toMatchObject({
        text: "Line-up fee: wedding with Tunde & The Ekwe Band",
        amountKobo: fee,
        tone: "in",
        bookingSlug: null,
      });
      // Their role and the date; never the client's name.
      expect(view.statement.lines[0]?.bookingLabel).toMatch(new RegExp(`^${role} · `));
      expect(JSON.stringify(view.statement)).not.toContain("Ada Eze");
    }
  });
});

describe("a member's wallet links their fee to their own Line-ups page", () => {
  it("the fee line and its automatic payout open the member's gig, never the leader's booking page", async () => {
    const { drummer, booking } = await band({ leader: false, drummer: true, bassist: false });
    await pay(booking.slug);
    await runAutoRelease({ bookingId: booking.id });
    const slug = (await slugOf(drummer.profileId))!;
    const lines = (await walletView(drummer.profileId)).statement.lines;
    const fee = lines.find((l) => l.text.startsWith("Line-up fee:"));
    const payout = lines.find((l) => l.text.startsWith("Sent to"));
    for (const line of [fee, payout]) {
      expect(line?.bookingLabel).toMatch(/^Drummer · /);
      // Never /booking/{the leader's slug}: that page is the client's and the leader's.
      expect(walletLineHref(line!, slug)).toBe(`/musician_lineups/${slug}#${lineUpGigAnchor(booking.id)}`);
    }
    // The page it opens is the member's own (signed in as them, not a 404), with that gig under the anchor.
    const page = (await lineUpsLoader({
      request: requestAs(drummer, `/musician_lineups/${slug}`),
      params: { slug },
      context: {},
    } as Parameters<typeof lineUpsLoader>[0])) as Awaited<ReturnType<typeof memberLineUps>>;
    expect(page.playing.map((p) => lineUpGigAnchor(p.bookingId))).toEqual([lineUpGigAnchor(booking.id)]);
  });
});

describe("refunds and splits give each member the fraction the musician side keeps", () => {
  it("a full refund (the leader cancels): nothing for anyone", async () => {
    const { leader, drummer, bassist, booking } = await band({
      leader: false,
      drummer: false,
      bassist: false,
    });
    await pay(booking.slug);
    expect((await cancelOwnBooking({ id: leader.profileId }, booking.id)).ok).toBe(true);
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(0);
    expect(await entriesOf(booking.id, "release")).toEqual([]);
    for (const m of [leader, drummer, bassist]) expect(await availableKobo(m.profileId)).toBe(0);
    expect(await findMoneyBreaches()).toEqual([]);
  });

  it("the client cancels within 7 days under Moderate: half back, each member half their fee", async () => {
    const leader0 = await musician(false);
    await chooseCancellationPolicy(leader0.profileId, "moderate");
    const { drummer, bassist, booking } = await band(
      { leader: false, drummer: false, bassist: false },
      { musicianId: leader0.profileId, eventDate: "2031-03-14" },
    );
    await pay(booking.slug);
    const startsAt = eventStartsAt({ eventDate: "2031-03-14", eventStartTime: "14:00" })!;
    const cancelled = await cancelBookingAsClient(
      booking.slug,
      testIp(),
      await asPayer(booking.id),
      new Date(startsAt.getTime() - 86_400_000),
    );
    expect(cancelled.ok && cancelled.refundKobo).toBe(PAID / 2);
    // The side keeps ₦112,500 of its ₦225,000: each member half their fee, the leader the rest.
    expect(await availableKobo(drummer.profileId)).toBe(DRUMS / 2);
    expect(await availableKobo(bassist.profileId)).toBe(BASS / 2);
    expect(await availableKobo(leader0.profileId)).toBe(SHARE / 2 - DRUMS / 2 - BASS / 2);
    expect(await findMoneyBreaches()).toEqual([]);

    // Each is told their own figure (issue 39): the leader what they keep, the client the whole side's.
    const leaderKeeps = formatNaira(SHARE / 2 - DRUMS / 2 - BASS / 2);
    const sideKeeps = formatNaira(SHARE / 2);
    const toLeader = mailsTo(leader0.email).find((m) => m.text.includes(`booking ${booking.slug}`));
    expect(toLeader?.text).toContain(`you keep ${leaderKeeps} (after commission)`);
    const toClient = mailsTo("ada@example.com").find(
      (m) => m.subject.startsWith("You cancelled") && m.text.includes(formatNaira(PAID / 2)),
    );
    expect(toClient?.text).toContain(`keeps ${sideKeeps} (after commission)`);
    expect(toClient?.text).not.toContain(leaderKeeps);
    expect(await lineUpFeeNotices(booking.id)).toEqual(
      new Map([
        [drummer.profileId, DRUMS / 2],
        [bassist.profileId, BASS / 2],
      ]),
    );
  });

  it("an admin's split of an odd amount: members + leader = the side's amount, to the kobo", async () => {
    const { leader, drummer, bassist, booking } = await band({
      leader: false,
      drummer: false,
      bassist: false,
    });
    await pay(booking.slug);
    const refund = 10_000_001; // ₦100,000.01 back to the client
    expect((await resolvePaymentDispute(booking.id, "split", refund)).ok).toBe(true);
    const money = (await peekBookingMoney(booking.id))!;
    const side = sharesOf(money.payment!, PAID - refund).musicianKobo;
    const drums = await availableKobo(drummer.profileId);
    const bass = await availableKobo(bassist.profileId);
    // fee × side / share, half up: 5,000,000 × 13,928,571 / 22,500,000 = 3,095,238.0 → 3,095,238.
    expect(drums).toBe(Number((BigInt(DRUMS) * BigInt(side) * 2n + BigInt(SHARE)) / (2n * BigInt(SHARE))));
    expect(bass).toBe(Number((BigInt(BASS) * BigInt(side) * 2n + BigInt(SHARE)) / (2n * BigInt(SHARE))));
    expect(drums + bass + (await availableKobo(leader.profileId))).toBe(side);
    expect(await findMoneyBreaches()).toEqual([]);

    // The decision tells the client the whole musician side, the leader their own part, each member theirs.
    const toLeader = mailsTo(leader.email).find((m) => m.subject.startsWith("The dispute on"));
    expect(toLeader?.text).toContain(
      `released to you: ${formatNaira(side - drums - bass)} (after commission)`,
    );
    expect(toLeader?.text).not.toContain(formatNaira(side));
    const toClient = mailsTo("ada@example.com").find((m) => m.subject.startsWith("Your dispute on"));
    expect(toClient?.text).toContain(`: ${formatNaira(side)} (after commission)`);
    expect(await lineUpFeeNotices(booking.id)).toEqual(
      new Map([
        [drummer.profileId, drums],
        [bassist.profileId, bass],
      ]),
    );
  });
});

describe("a card dispute on the charge holds every member's share like the leader's", () => {
  it("before release: nothing is released to anyone while the bank disputes it", async () => {
    const { leader, drummer, bassist, booking } = await band({ leader: true, drummer: true, bassist: true });
    const reference = await pay(booking.slug);
    await deliverWebhook(cardDispute("charge.dispute.create", `cb-hold-${booking.id}`, reference));
    await runAutoRelease({ bookingId: booking.id });
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(false);
    expect(await accountBalanceKobo(escrowAccount(booking.id))).toBe(PAID);
    for (const m of [leader, drummer, bassist]) expect(await availableKobo(m.profileId)).toBe(0);
    expect((await payoutsOf(booking.id)).size).toBe(0);
  });

  it("after release: each member's share stays out of their withdrawals; lost, each gives back what they got", async () => {
    const { leader, drummer, bassist, booking } = await band({
      leader: false,
      drummer: false,
      bassist: false,
    });
    const reference = await pay(booking.slug);
    expect((await releaseEscrow(booking.id, "admin")).ok).toBe(true);
    // The bassist withdraws their fee before the bank's dispute arrives.
    expect((await requestWithdrawal(bassist.profileId, BASS, newIdempotencyKey())).ok).toBe(true);
    const id = `cb-late-${booking.id}`;
    await deliverWebhook(cardDispute("charge.dispute.create", id, reference));
    for (const [m, fee] of [
      [drummer, DRUMS],
      [leader, SHARE - DRUMS - BASS],
    ] as const) {
      const funds = await db.transaction((tx) => withdrawableKobo(tx, m.profileId, false));
      expect(funds).toMatchObject({ availableKobo: fee, disputedKobo: fee, withdrawableKobo: 0 });
      expect((await requestWithdrawal(m.profileId, fee, newIdempotencyKey())).ok).toBe(false);
    }
    // The cardholder wins: each musician gives back what the release gave them; the bassist owes theirs.
    await deliverWebhook(cardDispute("charge.dispute.resolve", id, reference, "merchant-accepted"));
    expect(await availableKobo(drummer.profileId)).toBe(0);
    expect(await availableKobo(leader.profileId)).toBe(0);
    expect(await accountBalanceKobo(chargebackReceivableAccount(bassist.profileId))).toBe(-BASS);
    expect(await accountBalanceKobo(chargebackReceivableAccount(leader.profileId))).toBe(0);
    expect(await findMoneyBreaches()).toEqual([]);
  });
});

describe("a member's payout account", () => {
  it("a first account added while a booking they play in holds escrow waits 24 h (M16), as a leader's does", async () => {
    const { booking } = await band({ leader: false, drummer: false, bassist: false });
    const newcomer = await createMusician();
    await db.insert(lineUpMembers).values({
      bookingId: booking.id,
      memberId: newcomer.profileId,
      role: "Percussionist",
      feeKobo: 500_000,
      status: "accepted",
    });
    await pay(booking.slug);
    expect(
      (await saveOwnBankAccount(newcomer.profileId, { bankCode: "058", accountNumber: "0123456789" })).ok,
    ).toBe(true);
    const [settings] = (
      await pool().query<{ until: Date | null }>(
        "SELECT bank_account_hold_until AS until FROM musician_payment_settings WHERE musician_id = $1",
        [newcomer.profileId],
      )
    ).rows;
    expect(settings?.until?.getTime() ?? 0).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });
});

describe("ledger:check knows line-ups", () => {
  const rules = async () => (await findMoneyBreaches()).map((b) => b.rule);

  it("catches a release posting that pays a member more than their share, or twice", async () => {
    const { leader, drummer, booking } = await band({ leader: false, drummer: false, bassist: false });
    await pay(booking.slug);
    // A release written past the money module: the drummer gets ₦0.01 more, the leader ₦0.01 less, and
    // a second entry credits the drummer again. It balances, so only ledger:check can see it.
    await postLedgerTransaction(db, {
      idempotencyKey: `release:${booking.id}`,
      kind: "release",
      bookingId: booking.id,
      memo: "tampered release",
      entries: [
        { account: escrowAccount(booking.id), amountKobo: -PAID },
        { account: musicianPayableAccount(leader.profileId), amountKobo: SHARE - DRUMS - BASS - 1 - 1_000 },
        { account: musicianPayableAccount(drummer.profileId), amountKobo: DRUMS + 1 },
        { account: musicianPayableAccount(drummer.profileId), amountKobo: 1_000 },
        { account: PLATFORM_REVENUE, amountKobo: PAID - SHARE + BASS },
      ],
    });
    const found = await rules();
    expect(found).toContain("a release pays each musician their line-up share");
    expect(found).toContain("no musician credited twice by a release");
  });

  it("catches a frozen line-up changed after payment", async () => {
    const { booking } = await band({ leader: false, drummer: false, bassist: false });
    await pay(booking.slug);
    // The database refuses it (the freeze trigger)...
    await expect(
      pool().query("UPDATE line_up_members SET fee_kobo = fee_kobo + 100 WHERE booking_id = $1", [
        booking.id,
      ]),
    ).rejects.toThrow(/frozen/);
    // ...so only someone who turned the guard off could; ledger:check still sees it.
    await pool().query("ALTER TABLE line_up_members DISABLE TRIGGER line_up_members_guard");
    await pool().query(
      "UPDATE line_up_members SET fee_kobo = fee_kobo + 100 WHERE booking_id = $1 AND role = 'Drummer'",
      [booking.id],
    );
    await pool().query("ALTER TABLE line_up_members ENABLE TRIGGER line_up_members_guard");
    expect(await rules()).toContain("a frozen line-up never changes");
  });
});
