// Issue 23 §3 on the server: saving a payout account takes the account's password again (checked by
// Better Auth), e-mails the musician, and holds a changed account's payouts for 24 hours, and a first one's
// when Available already holds money (ADR 0017).
import { afterAll, describe, expect, it } from "vitest";
import { postLedgerTransaction } from "~/features/ledger/ledger.server";
import { musicianPayableAccount, PAYSTACK_CLEARING } from "~/features/ledger/ledger-accounts";
import { outboxMails } from "~/features/payments/payment-test-support";
import { action } from "~/routes/musician-wallet";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, requestAs, settle, type TestMusician } from "../../../tests/support/accounts";
import { findPaymentSettings } from "./queries.server";
import { PASSWORD_NEEDED, TOO_MANY_PASSWORD_TRIES, WRONG_PASSWORD } from "./wallet.schema";
import {
  PAYOUT_ACCOUNT_HOLD_MS,
  requestWithdrawal,
  reviewWithdrawal,
  saveOwnBankAccount,
} from "./wallet.server";

afterAll(async () => {
  await stopJobs();
});

type Args = Parameters<typeof action>[0];
const post = (who: TestMusician | null, slug: string, form: Record<string, string>) =>
  settle(() =>
    action({
      request: requestAs(who, `/musician_wallet/${slug}`, { form }),
      params: { slug },
      context: {},
    } as unknown as Args),
  );
const body = async (r: unknown) => (r instanceof Response ? await r.json() : r) as Record<string, unknown>;

let seq = 0;
async function earn(musicianId: string, kobo: number) {
  seq += 1;
  await postLedgerTransaction(db, {
    idempotencyKey: `test-earn-account:${musicianId}:${seq}`,
    kind: "release",
    memo: "test release",
    entries: [
      { account: PAYSTACK_CLEARING, amountKobo: -kobo },
      { account: musicianPayableAccount(musicianId), amountKobo: kobo },
    ],
  });
}

describe("saving the payout account", () => {
  it("asks for the password again: missing or wrong keeps the old account and asks again", async () => {
    const m = await createMusician({ firstName: "Ifeoma", lastName: "Nwosu" });
    const form = { intent: "save-bank", bankCode: "058", accountNumber: "0123456789" };
    const missing = await body(await post(m, m.profileId, form));
    expect(missing).toMatchObject({ ok: false, fieldErrors: { password: PASSWORD_NEEDED } });
    // The confirmation is shown again, with the bank's name for the account.
    expect(missing.resolved).toMatchObject({ accountNumber: "0123456789", accountName: "IFEOMA NWOSU" });
    const wrong = await body(await post(m, m.profileId, { ...form, password: "not-my-password" }));
    expect(wrong).toMatchObject({ ok: false, fieldErrors: { password: WRONG_PASSWORD } });
    expect((await findPaymentSettings(m.profileId))?.accountNumber ?? null).toBeNull();
    const right = await body(await post(m, m.profileId, { ...form, password: m.password }));
    expect(right).toMatchObject({ ok: true, intent: "save-bank" });
    expect((await findPaymentSettings(m.profileId))?.accountNumber).toBe("0123456789");
  });

  it("refuses another musician's wallet and a signed-out visitor", async () => {
    const owner = await createMusician();
    const other = await createMusician();
    const form = {
      intent: "save-bank",
      bankCode: "058",
      accountNumber: "0123456789",
      password: other.password,
    };
    const cross = await post(other, owner.profileId, form);
    expect(cross instanceof Response ? cross.status : 200).toBe(404);
    const anon = await post(null, owner.profileId, form);
    expect(anon instanceof Response ? anon.status : 200).toBe(302);
    expect(await findPaymentSettings(owner.profileId)).toBeUndefined();
  });

  it("stops guessing: after 5 checks in 15 minutes even the right password waits", async () => {
    const m = await createMusician();
    const form = { intent: "save-bank", bankCode: "058", accountNumber: "0123456789" };
    for (let i = 0; i < 5; i++) await post(m, m.profileId, { ...form, password: `guess-${i}-wrong` });
    const blocked = await body(await post(m, m.profileId, { ...form, password: m.password }));
    expect(blocked).toMatchObject({ ok: false, fieldErrors: { password: TOO_MANY_PASSWORD_TRIES } });
  });

  it("asks to reply only when a support address is set, and then answers to it (Reply-To)", async () => {
    const unset = await createMusician({ email: `nosupport-${Date.now()}@example.com` });
    await saveOwnBankAccount(unset.profileId, { bankCode: "058", accountNumber: "0123456789" });
    const [plain] = outboxMails(unset.email).filter((m) => m.includes("A payout account was added"));
    expect(plain).toBeDefined();
    expect(plain).not.toMatch(/reply to this e-mail/i);
    expect(plain).not.toMatch(/^Reply-To:/im);

    const config = env();
    const before = { email: config.SUPPORT_EMAIL, phone: config.SUPPORT_PHONE };
    config.SUPPORT_EMAIL = "help@stagebook.test";
    config.SUPPORT_PHONE = "0800 123 4567";
    try {
      const set = await createMusician({ email: `support-${Date.now()}@example.com` });
      await saveOwnBankAccount(set.profileId, { bankCode: "058", accountNumber: "0123456789" });
      const [mail] = outboxMails(set.email).filter((m) => m.includes("A payout account was added"));
      expect(mail).toMatch(/^Reply-To: help@stagebook\.test/im);
      expect(mail!.replace(/=\r?\n/g, "").replace(/\s+/g, " ")).toContain(
        "and write to help@stagebook.test (or reply to this e-mail) or call 0800 123 4567 so we can look into it.",
      );
    } finally {
      config.SUPPORT_EMAIL = before.email;
      config.SUPPORT_PHONE = before.phone;
    }
  });

  it("a first account added while Available holds money is held 24 hours: a stolen session cannot withdraw at once (N11)", async () => {
    const m = await createMusician({ email: `first-held-${Date.now()}@example.com` });
    await earn(m.profileId, 1_000_000);
    const t0 = new Date("2026-11-25T13:00:00Z");
    const saved = await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" }, t0);
    expect(saved).toMatchObject({
      ok: true,
      message:
        "Bank account saved. Your payout account is new. For your safety, payouts to it start at 26 Nov, 14:00 (Lagos time).",
    });
    expect((await findPaymentSettings(m.profileId))?.bankAccountHoldUntil).toEqual(
      new Date(t0.getTime() + PAYOUT_ACCOUNT_HOLD_MS),
    );
    const mail = outboxMails(m.email).find((x) => x.includes("A payout account was added"));
    expect(mail?.replace(/=\r?\n/g, "")).toContain("For your safety, payouts to it start at 26 Nov, 14:00");
    const held = { ok: false, message: saved.message?.replace("Bank account saved. ", "") };
    const hourLater = new Date(t0.getTime() + 3_600_000);
    expect(await reviewWithdrawal(m.profileId, 400_000, hourLater)).toEqual(held);
    expect(await requestWithdrawal(m.profileId, 400_000, undefined, hourLater)).toEqual(held);
    const after = new Date(t0.getTime() + PAYOUT_ACCOUNT_HOLD_MS + 1);
    expect(await requestWithdrawal(m.profileId, 400_000, undefined, after)).toMatchObject({ ok: true });
  });

  it("a first account with nothing in Available is not held; a change is held 24 hours and e-mailed", async () => {
    const m = await createMusician({
      firstName: "Tunde",
      lastName: "Adeyemi",
      email: `tunde-${Date.now()}@example.com`,
    });
    const t0 = new Date("2026-11-25T13:00:00Z");
    expect(
      (await saveOwnBankAccount(m.profileId, { bankCode: "058", accountNumber: "0123456789" }, t0)).ok,
    ).toBe(true);
    expect((await findPaymentSettings(m.profileId))?.bankAccountHoldUntil).toBeNull();
    expect(outboxMails(m.email).some((mail) => mail.includes("A payout account was added"))).toBe(true);
    await earn(m.profileId, 1_000_000);
    expect(await reviewWithdrawal(m.profileId, 400_000, t0)).toMatchObject({
      ok: true,
      review: { question: "Send ₦4,000 to Guaranty Trust Bank ••6789?" },
    });

    const changed = await saveOwnBankAccount(
      m.profileId,
      { bankCode: "057", accountNumber: "1234567890" },
      t0,
    );
    expect(changed.ok).toBe(true);
    expect(changed.message).toBe(
      "Bank account saved. Your payout account is new. For your safety, payouts to it start at 26 Nov, 14:00 (Lagos time).",
    );
    const mail = outboxMails(m.email).find((x) => x.includes("Your payout account was changed to"));
    // Quoted-printable: the two dots of "••7890" are encoded in the file.
    expect(mail?.replace(/=E2=80=A2/g, "•")).toContain(
      "Your payout account was changed to Zenith Bank ••7890 (TUNDE ADEYEMI).",
    );
    expect(mail).toContain("If this wasn't you");

    const held = { ok: false, message: changed.message?.replace("Bank account saved. ", "") };
    const hourLater = new Date(t0.getTime() + 3_600_000);
    expect(await reviewWithdrawal(m.profileId, 400_000, hourLater)).toEqual(held);
    expect(await requestWithdrawal(m.profileId, 400_000, undefined, hourLater)).toEqual(held);
    const after = new Date(t0.getTime() + PAYOUT_ACCOUNT_HOLD_MS + 1);
    expect(await requestWithdrawal(m.profileId, 400_000, undefined, after)).toMatchObject({ ok: true });
  });
});
