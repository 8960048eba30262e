import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/admin";
import { db } from "~/server/db.server";
import { user } from "~db/schema/auth";
import { bookingsByMusician } from "~db/schema/bookings";
import { musicianProfiles } from "~db/schema/profiles";
import { createMusician, loadContext, requestAs, settle } from "../../../tests/support/accounts";
import { grantAdminByEmail } from "./queries.server";

// Read once by env(); set before the first account is created in this file.
const LISTED_ADMIN = `listed-${randomBytes(3).toString("hex")}@example.com`;
process.env.ADMIN_EMAILS = `someone-else@example.com, ${LISTED_ADMIN.toUpperCase()}`;

type Args = Parameters<typeof loader>[0];
const visit = (who: { cookie: string } | null, qs = "") =>
  settle(() =>
    loader({ request: requestAs(who, `/admin${qs}`), params: {}, context: loadContext() } as Args),
  );

async function admin() {
  const m = await createMusician();
  expect(await grantAdminByEmail(m.email.toUpperCase())).toBe(true);
  return m;
}

async function addBooking(
  musicianId: string,
  p: { status: string; eventType: string; priceKobo?: number | null },
) {
  await db.insert(bookingsByMusician).values({
    musicianId,
    slug: randomBytes(4).toString("hex"),
    clientName: "Client",
    serviceType: "Full Event Performance",
    eventType: p.eventType,
    status: p.status,
    priceKobo: p.priceKobo ?? null,
  });
}

describe("/admin guard", () => {
  it("answers 404 to a signed-out visitor and to a musician, on every tab", async () => {
    const m = await createMusician();
    for (const qs of ["", "?tab=users", "?tab=bookings", "?tab=reports"]) {
      expect(((await visit(null, qs)) as Response).status).toBe(404);
      expect(((await visit(m, qs)) as Response).status).toBe(404);
    }
  });

  it("lets in an account granted the admin role", async () => {
    const a = await admin();
    const res = (await visit(a)) as Awaited<ReturnType<typeof loader>>;
    expect(res.tab).toBe("overview");
  });

  it("applies ADMIN_EMAILS to an account that existed before the setting", async () => {
    const m = await createMusician({ email: LISTED_ADMIN });
    // Simulate an account created before its address was listed.
    await db.update(user).set({ role: "musician" }).where(eq(user.id, m.userId));
    const res = (await visit(m)) as Awaited<ReturnType<typeof loader>>;
    expect(res.tab).toBe("overview");
    const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, m.userId));
    expect(row.role).toBe("admin");
  });

  it("reports an unknown e-mail to admin:grant", async () => {
    expect(await grantAdminByEmail("nobody-here@example.com")).toBe(false);
  });
});

describe("/admin data", () => {
  it("counts users, verified musicians, active and completed bookings from the database", async () => {
    const a = await admin();
    const before = (await visit(a)) as Extract<Awaited<ReturnType<typeof loader>>, { tab: "overview" }>;
    const m = await createMusician({ firstName: "Kemi", lastName: "Balogun" });
    await db
      .update(musicianProfiles)
      .set({
        slug: `kemi-${randomBytes(2).toString("hex")}`,
        phoneNumber: "08030000000",
        websiteActive: true,
      })
      .where(eq(musicianProfiles.id, m.profileId));
    await addBooking(m.profileId, { status: "pending", eventType: "Wedding" });
    await addBooking(m.profileId, { status: "confirmed", eventType: "Wedding" });
    await addBooking(m.profileId, { status: "completed", eventType: "Birthday" });
    await addBooking(m.profileId, { status: "cancelled", eventType: "Birthday" });

    const after = (await visit(a)) as typeof before;
    expect(after.overview.counts.totalUsers - before.overview.counts.totalUsers).toBe(1);
    expect(after.overview.counts.verifiedMusicians - before.overview.counts.verifiedMusicians).toBe(1);
    expect(after.overview.counts.activeBookings - before.overview.counts.activeBookings).toBe(2);
    expect(after.overview.counts.completedBookings - before.overview.counts.completedBookings).toBe(1);
    expect(after.overview.activity[0].text).toMatch(/created a booking for Client|joined Stagebook/);
  });

  it("lists users and bookings in pages of 20 with naira amounts and View links", async () => {
    const a = await admin();
    const m = await createMusician({ firstName: "Seyi", lastName: "Ola" });
    await db.execute(sql`
      INSERT INTO "user" (id, name, email, first_name, last_name, created_at)
      SELECT 'bulk-' || g || '-' || ${randomBytes(3).toString("hex")}, 'Bulk ' || g, 'bulk' || g || '-' || ${randomBytes(3).toString("hex")} || '@example.com', 'Bulk', 'User', now() - interval '10 years'
      FROM generate_series(1, 25) g`);
    await addBooking(m.profileId, { status: "pending", eventType: "Gala", priceKobo: 12_345_600 });

    const users = (await visit(a, "?tab=users")) as Extract<
      Awaited<ReturnType<typeof loader>>,
      { tab: "users" }
    >;
    expect(users.users.rows).toHaveLength(20);
    expect(users.users.pages).toBeGreaterThanOrEqual(2);
    const seyi = users.users.rows.find((r) => r.email === m.email);
    expect(seyi).toMatchObject({ name: "Seyi Ola", role: "musician", status: "pending", href: null });
    expect(seyi?.joinDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const last = (await visit(a, `?tab=users&page=${users.users.pages}`)) as typeof users;
    expect(last.users.rows.length).toBeGreaterThan(0);
    expect(last.users.rows.every((r) => r.name.startsWith("Bulk"))).toBe(true);

    const bookings = (await visit(a, "?tab=bookings")) as Extract<
      Awaited<ReturnType<typeof loader>>,
      { tab: "bookings" }
    >;
    expect(bookings.bookings.rows[0]).toMatchObject({
      client: "Client",
      musician: "Seyi Ola",
      event: "Gala",
      status: "pending",
      amount: "₦123,456.00",
    });
    expect(bookings.bookings.rows[0].href).toMatch(/^\/booking\/[0-9a-f]{8}$/);

    const junk = (await visit(a, "?tab=bookings&page=-3")) as typeof bookings;
    expect(junk.bookings.page).toBe(1);
  });

  it("ranks popular musicians and computes event-type shares from the bookings", async () => {
    const a = await admin();
    const star = await createMusician({ firstName: "Star", lastName: "Act" });
    for (let i = 0; i < 30; i++)
      await addBooking(star.profileId, { status: "completed", eventType: "Corporate" });
    const reports = (await visit(a, "?tab=reports")) as Extract<
      Awaited<ReturnType<typeof loader>>,
      { tab: "reports" }
    >;
    expect(reports.reports.popular[0]).toMatchObject({ name: "Star Act", bookings: 30 });
    const total = reports.reports.totalBookings;
    const corporate = reports.reports.eventTypes.find((t) => t.eventType === "Corporate");
    expect(corporate?.percent).toBe(Math.round((corporate!.count / total) * 1000) / 10);
    const sum = reports.reports.eventTypes.reduce((s, t) => s + t.count, 0);
    expect(sum).toBe(total);
  });
});
