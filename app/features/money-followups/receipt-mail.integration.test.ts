// Issue 35: the payer's receipt is the credit event's outside follow-up. It is sent with no database
// transaction open (a slow mail server holds none) and marked once the mail server took it, so a retry
// after a failure sends it, and a retry after a success sends nothing. A local SMTP server stands in for
// the mail server (SMTP_URL), so the real mailer talks SMTP to it.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleChargeSuccess, startCheckout } from "~/features/payments/checkout.server";
import { insertBooking, testCheckoutReference } from "~/features/payments/payment-test-support";
import { completeTestCheckout } from "~/features/payments/paystack/test-provider.server";
import { pool } from "~/server/db.server";
import { env } from "~/server/env.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { createMusician } from "../../../tests/support/accounts";
import { runMoneyEventJob } from "./money-followups.server";

/** What the mail server does with the next receipt it is handed. */
type Mode = "accept" | "refuse" | "hold";

/** A minimal SMTP server: accepts every mail, except a receipt, which it may refuse (451) or hold. */
function smtpServer() {
  const state = {
    mode: "accept" as Mode,
    /** Mails accepted (250), as their text. */
    accepted: [] as string[],
    /** A held receipt: answered when released. */
    held: null as null | (() => void),
  };
  const isReceipt = (text: string) => text.includes("We have received your payment");
  const server = net.createServer((socket) => {
    socket.write("220 fake-smtp ESMTP\r\n");
    let buffer = "";
    let inData = false;
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          const text = buffer.slice(0, end).replace(/=\r\n/g, "");
          buffer = buffer.slice(end + 5);
          inData = false;
          const accept = () => {
            state.accepted.push(text);
            socket.write("250 2.0.0 queued\r\n");
          };
          if (!isReceipt(text) || state.mode === "accept") accept();
          else if (state.mode === "refuse") socket.write("451 4.3.0 try again later\r\n");
          else state.held = accept;
          continue;
        }
        const i = buffer.indexOf("\r\n");
        if (i < 0) return;
        const verb = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(i + 2);
        if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write(verb === "EHLO" || verb === "HELO" ? "250 fake-smtp\r\n" : "250 OK\r\n");
      }
    });
    socket.on("error", () => {});
  });
  return {
    state,
    receipts: () => state.accepted.filter(isReceipt),
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const smtp = smtpServer();
let before: string | undefined;
beforeAll(async () => {
  // Before any mail of this file: the mailer makes its transport on first use.
  before = env().SMTP_URL;
  Object.assign(env(), { SMTP_URL: await smtp.listen() });
});
afterAll(async () => {
  Object.assign(env(), { SMTP_URL: before });
  await smtp.close();
  await stopJobs();
});

async function checkout() {
  const m = await createMusician();
  const booking = await insertBooking(m.profileId);
  const started = await startCheckout(booking.slug, { email: "payer@example.com" }, "127.0.0.1");
  if (!started.ok) throw new Error(started.message);
  return { booking, reference: await testCheckoutReference(started.authorizationUrl) };
}

async function pay(reference: string) {
  let outcome: unknown;
  await completeTestCheckout(reference, async (p) => {
    outcome = await handleChargeSuccess(p.data as never);
  });
  return outcome;
}

async function creditEventOf(bookingId: string) {
  const { rows } = await pool().query<{ id: string }>(
    "SELECT id FROM money_events WHERE booking_id = $1 AND kind = 'credit'",
    [bookingId],
  );
  return rows[0]!.id;
}

describe("the receipt mail, after its consumer's commit", () => {
  it("a slow mail server holds no database transaction while it takes the receipt", async () => {
    const { reference } = await checkout();
    smtp.state.mode = "hold";
    const paying = pay(reference);
    await expect.poll(() => smtp.state.held !== null, { timeout: 15_000 }).toBe(true);
    const { rows } = await pool().query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND state LIKE 'idle in transaction%' AND xact_start < clock_timestamp() - interval '10 ms'`,
    );
    smtp.state.mode = "accept";
    smtp.state.held!();
    smtp.state.held = null;
    expect(await paying).toBe("credited");
    expect(Number(rows[0]!.n)).toBe(0);
    expect(smtp.receipts()).toHaveLength(1);
  });

  it("refused by the mail server: not marked, so the job sends it; sent, a retry sends nothing", async () => {
    const { booking, reference } = await checkout();
    const receipts = () => smtp.receipts().filter((r) => r.includes(`/booking/${booking.slug}`));
    smtp.state.mode = "refuse";
    expect(await pay(reference)).toBe("credited");
    expect(receipts()).toEqual([]);
    const id = await creditEventOf(booking.id);
    const mark = () =>
      pool().query(
        "SELECT result FROM money_event_consumptions WHERE event_id = $1 AND consumer = 'receipt'",
        [id],
      );
    expect((await mark()).rows).toEqual([]);

    smtp.state.mode = "accept";
    await runMoneyEventJob({ id });
    expect(receipts()).toHaveLength(1);
    expect((await mark()).rows).toEqual([{ result: { sent: true } }]);

    // Delivered again, and twice at once: nothing more is sent.
    await runMoneyEventJob({ id });
    await Promise.all([runMoneyEventJob({ id }), runMoneyEventJob({ id })]);
    expect(receipts()).toHaveLength(1);
  });
});
