import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/profile";
import { db } from "~/server/db.server";
import { musicianPerformances } from "~db/schema/profiles";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { outcome, postForm, requestAs, routeArgs } from "../profiles/profile-test-support";
import { listPastPerformances, listPerformances, listUpcomingPerformances } from "./performances.server";

type ActionBody = { ok: boolean; errors?: Record<string, string>; toast: { type: string; message: string } };

const post = (who: TestMusician | null, form: Record<string, string>) =>
  outcome<ActionBody>(() => action(routeArgs(postForm(who, "/profile?tab=experience", form))));

const performance = (over: Record<string, string> = {}) => ({
  intent: "add-performance",
  eventTitle: "Adebayo wedding",
  eventType: "Wedding",
  eventDate: "2025-06-14",
  location: "Ikoyi, Lagos",
  startTime: "16:00",
  endTime: "20:30",
  ...over,
});

describe("experience", () => {
  it("adds performances and lists them by date, newest first", async () => {
    const m = await createMusician();
    const res = await post(m, performance());
    expect(res.body.toast).toEqual({ type: "success", message: "Performance added successfully!" });
    await post(m, performance({ eventTitle: "Gala night", eventDate: "2026-01-10" }));
    await post(m, performance({ eventTitle: "Undated jam", eventDate: "", startTime: "", endTime: "" }));
    await post(m, performance({ eventTitle: "Old concert", eventDate: "2023-03-01" }));
    const editor = (
      await outcome<{ performances: { eventTitle: string }[] }>(() =>
        loader(routeArgs(requestAs(m, "/profile"))),
      )
    ).body;
    expect(editor.performances.map((p) => p.eventTitle)).toEqual([
      "Gala night",
      "Adebayo wedding",
      "Old concert",
      "Undated jam",
    ]);
    const [first] = await listPerformances(m.profileId);
    expect(first).toMatchObject({ eventType: "Wedding", location: "Ikoyi, Lagos", startTime: "16:00:00" });
    expect((await listUpcomingPerformances(m.profileId, "2025-06-14")).map((p) => p.eventTitle)).toEqual([
      "Adebayo wedding",
      "Gala night",
    ]);
    expect((await listPastPerformances(m.profileId, "2025-06-14")).map((p) => p.eventTitle)).toEqual([
      "Old concert",
    ]);
  });

  it.each([{ eventTitle: "" }, { eventType: "" }, { eventTitle: "  ", eventType: "" }])(
    "needs a title and a type: %o",
    async (over) => {
      const m = await createMusician();
      const res = await post(m, performance(over as Record<string, string>));
      expect(res.status).toBe(400);
      expect(res.body.toast.message).toBe("Please fill in all fields");
      expect(await listPerformances(m.profileId)).toEqual([]);
    },
  );

  it.each([
    [{ eventDate: "2025-02-30" }, "eventDate"],
    [{ eventDate: "14/06/2025" }, "eventDate"],
    [{ startTime: "25:00" }, "startTime"],
    [{ startTime: "20:00", endTime: "19:00" }, "endTime"],
  ])("refuses bad dates and times %o with a message", async (over, field) => {
    const m = await createMusician();
    const res = await post(m, performance(over));
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toBeTruthy();
  });

  it("deletes a performance", async () => {
    const m = await createMusician();
    await post(m, performance());
    const [p] = await listPerformances(m.profileId);
    const res = await post(m, { intent: "delete-performance", performanceId: p!.id });
    expect(res.body.toast).toEqual({ type: "success", message: "Performance deleted successfully!" });
    expect(await listPerformances(m.profileId)).toEqual([]);
  });

  it("refuses another musician's delete and a signed-out visitor", async () => {
    const owner = await createMusician();
    const other = await createMusician();
    await post(owner, performance());
    const [p] = await listPerformances(owner.profileId);
    const res = await post(other, { intent: "delete-performance", performanceId: p!.id });
    expect(res.status).toBe(404);
    expect(res.body.toast.message).toBe("Failed to delete performance");
    const anon = await post(null, { intent: "delete-performance", performanceId: p!.id });
    expect(anon.status).toBe(302);
    expect(anon.location).toMatch(/^\/login/);
    const anonAdd = await post(null, performance());
    expect(anonAdd.status).toBe(302);
    const rows = await db
      .select({ id: musicianPerformances.id })
      .from(musicianPerformances)
      .where(eq(musicianPerformances.profileId, owner.profileId));
    expect(rows).toHaveLength(1);
    expect((await post(owner, { intent: "delete-performance", performanceId: "not-a-uuid" })).status).toBe(
      404,
    );
  });
});
