import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import { musicianProfiles } from "~db/schema/profiles";
import { createMusician } from "../../../tests/support/accounts";
import { getFeaturedArtists, lagosDay } from "./featured-artists.server";

let n = 0;
async function qualifying(over: Partial<typeof musicianProfiles.$inferInsert> = {}) {
  const m = await createMusician();
  n += 1;
  const slug = `featured-${Date.now().toString(36)}-${n}`;
  await db
    .update(musicianProfiles)
    .set({
      stageName: `Artist ${n}`,
      performanceRoles: ["Vocalist"],
      profileImage: `/uploads/profile_images/${m.userId}/profile.webp?v=1`,
      slug,
      phoneNumber: "08031234567",
      websiteActive: true,
      ...over,
    })
    .where(eq(musicianProfiles.id, m.profileId));
  return { ...m, slug };
}

describe("featured artists", () => {
  it("invents nobody: with no qualifying musician the list is empty", async () => {
    expect(await getFeaturedArtists(new Date("2026-03-01T12:00:00Z"))).toEqual([]);
  });

  it("shows only musicians with image, stage name, roles and an active website, with city and rate", async () => {
    const good = await qualifying({ location: "Ikeja, Lagos", hourlyRateKobo: 15_000_000 });
    await qualifying({ profileImage: null });
    await qualifying({ stageName: null });
    await qualifying({ performanceRoles: [] });
    await qualifying({ websiteActive: false });
    await qualifying({ phoneNumber: null });
    const artists = await getFeaturedArtists();
    expect(artists).toEqual([
      {
        id: good.profileId,
        stageName: expect.stringMatching(/^Artist /),
        roles: ["Vocalist"],
        imageUrl: expect.stringContaining("/uploads/profile_images/"),
        location: "Ikeja, Lagos",
        hourlyRateKobo: 15_000_000,
        href: `/musicians/${good.slug}`,
      },
    ]);
  });

  it("picks five at random, the same pick all day and a different order on other days", async () => {
    const created = [];
    for (let i = 0; i < 9; i++) created.push(await qualifying());
    const morning = new Date("2026-03-02T06:00:00+01:00");
    const evening = new Date("2026-03-02T23:30:00+01:00");
    const first = await getFeaturedArtists(morning);
    const again = await getFeaturedArtists(evening);
    expect(first.map((a) => a.id)).toEqual(again.map((a) => a.id));
    expect(first).toHaveLength(5);
    expect(first.every((a) => a.href.startsWith("/musicians/featured-"))).toBe(true);
    expect(lagosDay(morning)).toBe(lagosDay(evening));

    const orders = new Set<string>();
    for (let d = 3; d < 13; d++) {
      const day = await getFeaturedArtists(new Date(`2026-03-${String(d).padStart(2, "0")}T12:00:00Z`));
      orders.add(day.map((a) => a.id).join(","));
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it("uses the Lagos date, not the server's", () => {
    expect(lagosDay(new Date("2026-03-01T23:30:00Z"))).toBe("2026-03-02");
    expect(lagosDay(new Date("2026-03-01T22:59:00Z"))).toBe("2026-03-01");
  });
});
