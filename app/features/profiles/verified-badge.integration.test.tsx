// Issue 16 §1: "Verified" is shown only when it is true: the payout account's name, resolved through the
// payment provider, matches the profile's name.
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { loader } from "~/routes/musician-profile";
import { db } from "~/server/db.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { musicianProfiles } from "~db/schema/profiles";
import { createMusician } from "../../../tests/support/accounts";
import { spyOnSql } from "../../../tests/support/sql-spy";
import { answer, args, get, giveSlug } from "../bookings/booking-test-support";
import { VERIFIED_MEANING, VerifiedBadge } from "./components/verified-badge";

afterAll(() => stopJobs());

const profilePage = async (slug: string) =>
  (await answer(() => loader(args(get(null, `/musicians/${slug}`), { slug })))).body;

describe("the Verified badge", () => {
  it("is earned by a payout account in the profile's name, and lost when the names part", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    expect((await profilePage(slug)).verified).toBe(false);

    // The built-in test provider resolves any ordinary account number to the musician's own name.
    const saved = await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
    expect(saved).toMatchObject({ ok: true });
    expect((await profilePage(slug)).verified).toBe(true);

    // The profile renamed: the bank's name no longer matches, so no badge.
    await db
      .update(musicianProfiles)
      .set({ firstName: "Someone", lastName: "Else" })
      .where(eq(musicianProfiles.id, m.profileId));
    expect((await profilePage(slug)).verified).toBe(false);
  });

  it("comes with the cancellation policy from one read of the payment settings (issue 14 item 2)", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" });
    const sql = spyOnSql();
    try {
      expect(await profilePage(slug)).toMatchObject({ verified: true, cancellationPolicy: "flexible" });
      expect(sql.readsOf("musician_payment_settings")).toHaveLength(1);
      expect(sql.readsOf("musician_profiles")).toHaveLength(1);
    } finally {
      sql.restore();
    }
  });

  it("says what it means, readable without JavaScript", () => {
    const html = renderToStaticMarkup(<VerifiedBadge />);
    expect(html).toContain("Verified");
    expect(html).toContain("<details");
    expect(html).toContain(VERIFIED_MEANING.replaceAll("'", "&#x27;"));
    expect(VERIFIED_MEANING).toMatch(/bank account.*payment provider.*matches the name on this profile/);
  });
});
