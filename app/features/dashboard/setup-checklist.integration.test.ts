import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/musician-dashboard";
import { db } from "~/server/db.server";
import { musicianAvailability } from "~db/schema/availability";
import { bookingRequests } from "~db/schema/bookings";
import { musicianPortfolioItems, musicianProfiles } from "~db/schema/profiles";
import { musicianPaymentSettings } from "~db/schema/wallet";
import { createMusician, loadContext, requestAs } from "../../../tests/support/accounts";
import { chooseCancellationPolicy } from "../wallet/wallet.server";

type Args = Parameters<typeof loader>[0];
const args = (request: Request) => ({ request, params: {}, context: loadContext() }) as unknown as Args;
const done = (r: Awaited<ReturnType<typeof loader>>) =>
  Object.fromEntries(r.checklist.items.map((i) => [i.key, i.done]));

describe("setup checklist", () => {
  it("ticks each step from the musician's own data and disappears when all are done", async () => {
    const m = await createMusician();
    const other = await createMusician();
    const first = await loader(args(requestAs(m, "/musician_dashboard")));
    // createMusician signs up without a phone: the website is not live yet, so that comes first.
    expect(first.checklist.items.map((i) => i.key)).toEqual([
      "website",
      "photo",
      "about",
      "portfolio",
      "availability",
      "payout",
      "policy",
      "share",
    ]);
    expect(first.checklist.complete).toBe(false);
    expect(first.checklist.shareUrl).toBeNull();

    // Another musician's rows tick nothing here.
    await db.insert(musicianPortfolioItems).values({
      profileId: other.profileId,
      itemType: "image",
      contentUrl: "/uploads/x.webp",
    });

    await db
      .update(musicianProfiles)
      .set({ phoneNumber: "08031234567", websiteActive: true, profileImage: "/uploads/p.webp", bio: "Sax" })
      .where(eq(musicianProfiles.id, m.profileId));
    const partway = await loader(args(requestAs(m, "/musician_dashboard")));
    expect(done(partway)).toEqual({
      photo: true,
      about: false,
      portfolio: false,
      availability: false,
      payout: false,
      policy: false,
      share: false,
    });
    expect(partway.checklist.shareUrl).toMatch(/^http.*\/musicians\/tunde-adeyemi/);

    await db
      .update(musicianProfiles)
      .set({ hourlyRateKobo: 5_000_000 })
      .where(eq(musicianProfiles.id, m.profileId));
    await db
      .insert(musicianPortfolioItems)
      .values({ profileId: m.profileId, itemType: "image", contentUrl: "/u.webp" });
    await db.insert(musicianAvailability).values({ profileId: m.profileId, date: "2099-01-01" });
    await db.insert(bookingRequests).values({
      musicianId: m.profileId,
      clientName: "Chidi",
      eventType: "wedding",
      eventDuration: "4",
    });
    // Money is the point (phone walk 2): the payout account and a chosen cancellation policy.
    const almost = await loader(args(requestAs(m, "/musician_dashboard")));
    expect(almost.checklist.complete).toBe(false);
    expect(done(almost)).toMatchObject({ payout: false, policy: false });
    await chooseCancellationPolicy(m.profileId, "flexible");
    expect(done(await loader(args(requestAs(m, "/musician_dashboard"))))).toMatchObject({ policy: true });
    await db
      .update(musicianPaymentSettings)
      .set({ bankCode: "058", bankName: "GTBank", accountNumber: "0123456789", accountName: "TUNDE" })
      .where(eq(musicianPaymentSettings.musicianId, m.profileId));
    const finished = await loader(args(requestAs(m, "/musician_dashboard")));
    expect(finished.checklist.complete).toBe(true);
  }, 60_000);
});
