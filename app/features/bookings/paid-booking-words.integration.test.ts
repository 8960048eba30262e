// Issue 35 ("texts and pages by phase, from the event"; phone walk 3, CONFUSING 3 and 4, POLISH 15): what
// the organiser's page and both e-mails say once money moved is the money event's, phase by phase.
import { afterAll, describe, expect, it } from "vitest";
import { moneyStep, nextStep } from "~/features/bookings/components/public-booking-page";
import { outboxMails } from "~/features/payments/payment-test-support";
import { adminPaymentsAction } from "~/features/refunds/admin-payments.server";
import { chooseAutomaticPayouts } from "~/features/wallet/automatic-payouts.server";
import { PAYOUT_ACCOUNT_HOLD_MS, saveOwnBankAccount } from "~/features/wallet/wallet.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician } from "../../../tests/support/accounts";
import {
  bookingAct as act,
  bookingPage as page,
  paidThroughBookingPage,
} from "../../../tests/support/booking-page";

afterAll(() => stopJobs());

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** The booking page's pay panel, as the page renders it next to "What happens next". */
const payPanel = "the pay panel";
const naira = (text: string) => Math.round(Number(text.replace(/[₦,]/g, "")) * 100);

describe("a paid booking's page and e-mails, by phase", () => {
  it("paid, disputed and decided: never 'Pay below'; the decision names every naira that was paid", async () => {
    const m = await createMusician();
    const email = "ada@example.com";
    const { payer, ...b } = await paidThroughBookingPage(m, { eventDate: inDays(10), email });

    const paid = await page(b.slug, payer);
    expect(moneyStep(paid.body.booking, payPanel)).not.toContain("Pay below");

    const filed = await act(
      b.slug,
      {
        intent: "dispute",
        clientName: "Ada Eze",
        phoneNumber: "08031234567",
        disputeReason: "The band arrived two hours late.",
      },
      payer,
    );
    expect(filed.status).toBe(200);
    const disputed = await page(b.slug, payer);
    expect(moneyStep(disputed.body.booking, payPanel)).not.toContain("Pay below");

    // Our team refunds ₦50,000 of the ₦262,500 paid and releases the rest.
    const form = new FormData();
    form.set("intent", "split");
    form.set("bookingId", b.id);
    form.set("refundAmount", "50,000");
    expect(await adminPaymentsAction(form)).toEqual({ ok: true, message: "Dispute resolved" });

    const decided = await page(b.slug, payer);
    expect(decided.body.booking.status).toBe("completed");
    const step = moneyStep(decided.body.booking, payPanel);
    expect(step).not.toContain("Pay below");
    const resolution: string = decided.body.booking.money.resolution;
    expect(step).toContain(resolution);
    expect(nextStep(decided.body.booking, null)).not.toContain("Pay below");
    // "Refunded to you: ₦50,000.00; released to …: ₦…(after commission); kept by Stagebook (…): ₦…"
    const figures = [...resolution.matchAll(/₦[\d,]+\.\d{2}/g)].map((f) => naira(f[0]));
    expect(resolution).toMatch(
      /^Refunded to you: ₦50,000\.00; released to .+ \(after commission\); kept by Stagebook \(service fee and commission\): ₦/,
    );
    expect(figures).toHaveLength(3);
    expect(figures.reduce((a, x) => a + x, 0)).toBe(26_250_000);

    // Both e-mails name the same three figures.
    const decisions = outboxMails("We have reviewed the dispute on booking").filter((t) =>
      t.includes(b.slug),
    );
    expect(decisions).toHaveLength(2);
    for (const mail of decisions) expect(mail).toContain("kept by Stagebook (service fee and commission)");
  });

  it("released with an automatic payout: the musician's e-mail says where the money went, not 'in your wallet'", async () => {
    const m = await createMusician();
    const dayAgo = new Date(Date.now() - PAYOUT_ACCOUNT_HOLD_MS - 60_000);
    const saved = await saveOwnBankAccount(
      m.profileId,
      { bankCode: "058", accountNumber: "0123456789" },
      dayAgo,
    );
    expect(saved.ok).toBe(true);
    await chooseAutomaticPayouts(m.profileId, true);
    const { payer, ...b } = await paidThroughBookingPage(m, { eventDate: inDays(-1) });
    // The payer says the event happened (it ended yesterday).
    const released = await act(b.slug, { intent: "event-happened" }, payer);
    expect(released.status).toBe(200);
    const mails = outboxMails("for booking").filter(
      (t) => t.includes(b.slug) && t.includes("after commission"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("is being paid out automatically to Guaranty Trust Bank");
    expect(mails[0]).not.toContain("is now available in your Stagebook wallet");
  });
});
