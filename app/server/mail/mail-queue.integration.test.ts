// Issue 28: the booking request e-mails go out after the request's transaction commits, never from a
// transaction that rolls back (a host killed before its commit, whose POST is retried on another host).
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ourWords } from "~/features/messaging/contact-boundary";
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from "~/lib/idempotency";
import { action as requestAction } from "~/routes/booking-request";
import { currentTransactionSql, db, inTransaction, pool } from "~/server/db.server";
import { scheduleJob, stopJobs } from "~/server/jobs/jobs.server";
import { createMusician, testIp } from "../../../tests/support/accounts";
import { deliverQueuedMails } from "../../../tests/support/mail-jobs";
import { answer, args, giveSlug, post } from "../../features/bookings/booking-test-support";
import { queueMail, SEND_MAIL_JOB } from "./mail-queue.server";
import { outboxDir } from "./mailer.server";

afterAll(() => stopJobs());

const mailsTo = (address: string) =>
  (fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : [])
    .filter((f) => f.includes(address.replace(/[^a-z0-9@._-]/gi, "_")))
    .map((f) => fs.readFileSync(`${outboxDir()}/${f}`, "utf8"));

const queuedTo = async (address: string) =>
  (
    await pool().query("SELECT id FROM pgboss.job WHERE name = $1 AND data->>'to' = $2", [
      SEND_MAIL_JOB,
      address,
    ])
  ).rowCount;

describe("the mail outbox (issue 28)", () => {
  it("sends nothing for a transaction that rolls back after the mail was queued", async () => {
    const to = `rolled-back-${Date.now()}@example.com`;
    await expect(
      inTransaction(async () => {
        await queueMail({
          to,
          subject: ourWords("Never sent"),
          text: ourWords("The request was not stored."),
        });
        expect(await queuedTo(to)).toBe(0); // not visible before the commit
        throw new Error("host killed before the commit");
      }),
    ).rejects.toThrow("host killed");
    expect(await queuedTo(to)).toBe(0);
    await deliverQueuedMails();
    expect(mailsTo(to)).toEqual([]);
  });

  it("sends a committed booking request's e-mails exactly once, after the commit, even when the POST is retried", async () => {
    const m = await createMusician();
    const slug = await giveSlug(m);
    const email = `outbox-${Date.now()}@example.com`;
    const form = {
      clientName: "Kemi Bello",
      email,
      phoneNumber: "08030001111",
      eventType: "birthday",
      eventTypeOther: "",
      location: "Ikeja, Lagos",
      eventDate: "2099-05-01",
      eventDuration: "4",
      budgetEstimate: "150000",
      additionalDetails: "",
      [IDEMPOTENCY_FIELD]: newIdempotencyKey(),
    };
    const send = () =>
      answer(() => requestAction(args(post(null, `/musicians/${slug}/request`, form), { slug }, testIp())));
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200); // the retried POST gets the first answer
    expect(mailsTo(email)).toEqual([]); // queued, not sent inside the request
    expect(await queuedTo(email)).toBe(1);
    expect(await queuedTo(m.email)).toBe(1);
    await deliverQueuedMails();
    await deliverQueuedMails();
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]).toMatch(/^Subject: Your booking request to .+ was sent/m);
    const toMusician = mailsTo(m.email).filter((x) => /^Subject: New booking request from /m.test(x));
    expect(toMusician).toHaveLength(1);
  });

  it("lets the app role queue mail in its transaction and nothing else", async () => {
    const to = `app-role-${Date.now()}@example.com`;
    await inTransaction(async () => {
      await db.execute(sql`SET LOCAL ROLE stagebook_app`);
      await queueMail({ to, subject: ourWords("Queued by the app role"), text: ourWords("Hello") });
    });
    expect(await queuedTo(to)).toBe(1);
    await scheduleJob("money-probe", {}); // makes the queue, as the owner
    const refused = await inTransaction(async () => {
      await db.execute(sql`SET LOCAL ROLE stagebook_app`);
      await scheduleJob("money-probe", { to }, { db: currentTransactionSql() });
    }).catch((err: Error) => err);
    expect((refused as Error & { cause?: Error }).cause?.message).toMatch(/row-level security policy/);
  });
});
