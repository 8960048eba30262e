// The database's own line-up rules (migration 0040), written straight in SQL so no app code can hide a
// gap: a member is never in two places at once, the leader is never their own member, and a paid
// booking's line-up never changes.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, pool } from "~/server/db.server";
import { createMusician } from "../../../tests/support/accounts";
import { lagosDay } from "../../../tests/support/lagos-days";

const DAY = lagosDay(140);

async function booking(musicianId: string, status: string, day = DAY, start = "18:00", end = "22:00") {
  const slug = Math.random().toString(36).slice(2, 10);
  const r = await db.execute<{ id: string }>(sql`
    INSERT INTO bookings_by_musician (musician_id, slug, client_name, service_type, event_type, event_date,
      event_start_time, event_end_time, status, price_kobo)
    VALUES (${musicianId}, ${slug}, 'Ada Eze', 'Full Event Performance', 'Wedding', ${day}, ${start}, ${end},
      ${status}, 25000000) RETURNING id`);
  return r.rows[0]!.id;
}

async function invite(bookingId: string, memberId: string, fee = 3_500_000) {
  const r = await db.execute<{ id: string }>(sql`
    INSERT INTO line_up_members (booking_id, member_id, role, fee_kobo)
    VALUES (${bookingId}, ${memberId}, 'Drummer', ${fee}) RETURNING id`);
  return r.rows[0]!.id;
}

const setStatus = (id: string, status: string) =>
  db.execute(sql`UPDATE line_up_members SET status = ${status} WHERE id = ${id}`);

/** The error a statement ended with (the constraint it names), or null when it succeeded. */
async function refusal(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (err) {
    for (let e = err as { constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
      if (e.constraint) return e.constraint;
    throw err;
  }
}

describe("musician_busy: a member's accepted line-up is busy time like their own booking", () => {
  it("accepting over the member's own confirmed booking is refused; a pending one is not in the way", async () => {
    const [leader, member] = [await createMusician(), await createMusician()];
    await booking(member.profileId, "confirmed", DAY, "20:00", "23:00");
    const place = await invite(await booking(leader.profileId, "confirmed"), member.profileId);
    expect(await refusal(() => setStatus(place, "accepted"))).toBe("musician_busy_no_overlap");
    const other = await invite(await booking(leader.profileId, "confirmed", lagosDay(141)), member.profileId);
    await booking(member.profileId, "pending", lagosDay(141));
    expect(await refusal(() => setStatus(other, "accepted"))).toBeNull();
  });

  it("confirming the member's own booking over an accepted line-up is refused with the booking rule's error", async () => {
    const [leader, member] = [await createMusician(), await createMusician()];
    const place = await invite(await booking(leader.profileId, "pending"), member.profileId);
    await setStatus(place, "accepted");
    const own = await booking(member.profileId, "pending", DAY, "21:00", "23:30");
    expect(
      await refusal(() =>
        db.execute(sql`UPDATE bookings_by_musician SET status = 'confirmed' WHERE id = ${own}`),
      ),
    ).toBe("bookings_by_musician_no_overlap");
    expect(await refusal(() => booking(member.profileId, "confirmed", DAY, "17:00", "19:00"))).toBe(
      "bookings_by_musician_no_overlap",
    );
  });

  it("two line-ups at once: the second acceptance is refused; leaving frees the time", async () => {
    const [a, b, member] = [await createMusician(), await createMusician(), await createMusician()];
    const first = await invite(await booking(a.profileId, "confirmed"), member.profileId);
    const second = await invite(
      await booking(b.profileId, "confirmed", DAY, "21:00", "23:00"),
      member.profileId,
    );
    await setStatus(first, "accepted");
    expect(await refusal(() => setStatus(second, "accepted"))).toBe("musician_busy_no_overlap");
    await setStatus(first, "left");
    expect(await refusal(() => setStatus(second, "accepted"))).toBeNull();
  });

  it("a cancelled booking frees its members", async () => {
    const [a, b, member] = [await createMusician(), await createMusician(), await createMusician()];
    const bookingA = await booking(a.profileId, "confirmed");
    await setStatus(await invite(bookingA, member.profileId), "accepted");
    const second = await invite(await booking(b.profileId, "confirmed"), member.profileId);
    await db.execute(sql`UPDATE bookings_by_musician SET status = 'cancelled' WHERE id = ${bookingA}`);
    expect(await refusal(() => setStatus(second, "accepted"))).toBeNull();
  });

  it("the leader cannot be a member of their own booking, and one live place per member", async () => {
    const [leader, member] = [await createMusician(), await createMusician()];
    const b = await booking(leader.profileId, "confirmed");
    expect(await refusal(() => invite(b, leader.profileId))).toBe("line_up_members_not_leader");
    await invite(b, member.profileId);
    expect(await refusal(() => invite(b, member.profileId))).toBe("line_up_members_live_key");
  });
});

describe("frozen at payment", () => {
  it("after payment_status leaves 'unpaid' no row is added, changed or deleted; invited places lapse", async () => {
    const [leader, m1, m2, m3] = [
      await createMusician(),
      await createMusician(),
      await createMusician(),
      await createMusician(),
    ];
    const b = await booking(leader.profileId, "confirmed");
    const accepted = await invite(b, m1.profileId);
    await setStatus(accepted, "accepted");
    const pending = await invite(b, m2.profileId);
    await db.execute(sql`UPDATE bookings_by_musician SET payment_status = 'paid' WHERE id = ${b}`);
    const rows = await db.execute<{ id: string; status: string }>(
      sql`SELECT id, status FROM line_up_members WHERE booking_id = ${b}`,
    );
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, r.status]))).toEqual({
      [accepted]: "accepted",
      [pending]: "lapsed",
    });
    for (const change of [
      () => invite(b, m3.profileId),
      () => setStatus(accepted, "left"),
      () => setStatus(accepted, "removed"),
      () => db.execute(sql`UPDATE line_up_members SET fee_kobo = 1 WHERE id = ${accepted}`),
      () => db.execute(sql`UPDATE line_up_members SET role = 'DJ' WHERE id = ${accepted}`),
      () => setStatus(pending, "accepted"),
      () => db.execute(sql`DELETE FROM line_up_members WHERE id = ${accepted}`),
    ])
      expect(await refusal(change)).toBe("line_up_members_frozen");
  });
});

describe("frozen at payment, under a race", () => {
  it("a change racing the payment waits for it, then is refused: no place is ever invited on a paid booking", async () => {
    const [leader, member] = [await createMusician(), await createMusician()];
    const b = await booking(leader.profileId, "confirmed", lagosDay(150));
    const payer = await pool().connect();
    const adder = await pool().connect();
    try {
      // The payment's transaction locks the booking (as readBookingMoney does) and writes the credit.
      await payer.query("BEGIN");
      await payer.query("SELECT 1 FROM bookings_by_musician WHERE id = $1 FOR UPDATE", [b]);
      await payer.query("UPDATE bookings_by_musician SET payment_status = 'paid' WHERE id = $1", [b]);
      // Meanwhile the leader adds a member: the guard waits on the payment's lock.
      const adding = adder
        .query(
          "INSERT INTO line_up_members (booking_id, member_id, role, fee_kobo) VALUES ($1, $2, 'DJ', 100)",
          [b, member.profileId],
        )
        .then(
          () => null,
          (err: { constraint?: string }) => err.constraint ?? "other",
        );
      await expect
        .poll(async () => {
          const r = await pool().query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO line_up_members%'",
          );
          return r.rows[0].n;
        })
        .toBe(1);
      await payer.query("COMMIT");
      expect(await adding).toBe("line_up_members_frozen");
    } finally {
      payer.release();
      adder.release();
    }
    const rows = await db.execute(sql`SELECT 1 FROM line_up_members WHERE booking_id = ${b}`);
    expect(rows.rows).toHaveLength(0);
  });
});
