import fs from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ORGANISER_ROLE } from "~/features/auth/roles";
import { giveSlug } from "~/features/bookings/booking-test-support";
import { getOwnProfile } from "~/features/profiles/own-profile.server";
import { pool } from "~/server/db.server";
import { JobQueue, stopJobs } from "~/server/jobs/jobs.server";
import { outboxDir } from "~/server/mail/mailer.server";
import { createMusician, createOrganiser } from "../../../tests/support/accounts";
import { type Member, openThread, sendMessage, startConversationWithMusician } from "./messaging.server";
import {
  MAIL_EVERY_MS,
  sendUnreadMessageMail,
  UNREAD_MAIL_DELAY_MS,
  UNREAD_MAIL_JOB,
  type UnreadMailJob,
} from "./unread-mail.server";

const opened: JobQueue[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((q) => q.stop()));
});
afterAll(async () => {
  await stopJobs();
});

// The outbox is shared by every test file: only the mails to this test's own addresses count.
const mailsTo = (address: string) => {
  const safe = address.replace(/[^a-z0-9@._-]/gi, "_");
  const dir = outboxDir();
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(`-${safe}.eml`))
        .map((f) =>
          // Quoted-printable: join soft line breaks, decode "=3D".
          fs
            .readFileSync(`${dir}/${f}`, "utf8")
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
        )
    : [];
};

const jobsOf = async (conversationId: string, side: string) =>
  (
    await pool().query<{ start_after: Date }>(
      "SELECT start_after FROM pgboss.job WHERE name = $1 AND data->>'conversationId' = $2 AND data->>'side' = $3 ORDER BY start_after",
      [UNREAD_MAIL_JOB, conversationId, side],
    )
  ).rows;

async function pair() {
  const musician = await createMusician();
  const slug = await giveSlug(musician);
  const profile = (await getOwnProfile(musician.userId))!;
  const organiser = await createOrganiser();
  const started = await startConversationWithMusician({ id: organiser.userId, role: ORGANISER_ROLE }, slug);
  if (!started.ok) throw new Error(started.message);
  const asOrganiser: Member = { user: { id: organiser.userId, role: ORGANISER_ROLE }, musicianId: null };
  const asMusician: Member = { user: { id: musician.userId, role: "musician" }, musicianId: profile.id };
  return { musician, slug, organiser, asOrganiser, asMusician, conversationId: started.conversationId };
}

const dueMinute = (t: number) => Math.ceil((t + UNREAD_MAIL_DELAY_MS) / 60_000);

describe("unread-message e-mails", () => {
  it("queues one delayed job per conversation, side and due minute when a message is sent", async () => {
    const { asOrganiser, conversationId } = await pair();
    const before = Date.now();
    expect((await sendMessage(asOrganiser, conversationId, "Are you free on 12 December?")).ok).toBe(true);
    expect((await sendMessage(asOrganiser, conversationId, "It is a wedding in Lekki")).ok).toBe(true);
    const after = Date.now();
    const jobs = await jobsOf(conversationId, "musician");
    // Both messages are due in one minute: one job (two only if the sends straddled a minute's edge).
    if (dueMinute(before) === dueMinute(after)) expect(jobs).toHaveLength(1);
    else expect(jobs.length === 1 || jobs.length === 2).toBe(true);
    const wait = jobs[0].start_after.getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(UNREAD_MAIL_DELAY_MS);
    expect(wait).toBeLessThan(UNREAD_MAIL_DELAY_MS + 60_000);
    // Nobody e-mails the sender about their own messages.
    expect(await jobsOf(conversationId, "organiser")).toHaveLength(0);
  });

  it("e-mails the musician once about unread messages, then at most once per 15 minutes, only about new ones", async () => {
    const { musician, slug, asOrganiser, conversationId } = await pair();
    const job: UnreadMailJob = { conversationId, side: "musician" };
    await sendMessage(asOrganiser, conversationId, "Call me on 0803 123 4567");
    expect(await sendUnreadMessageMail(job)).toBe("sent");
    const [first, ...others] = mailsTo(musician.email);
    expect(others).toHaveLength(0);
    expect(first).toContain("New message from Ngozi Okafor on Stagebook");
    expect(first).toContain(`/musician_messages/${slug}?c=${conversationId}`);
    // The e-mail never carries the message, so it cannot leak contact details.
    expect(first).not.toContain("0803");

    // Nothing new: no second e-mail.
    expect(await sendUnreadMessageMail(job)).toBe("read");
    // A new message within 15 minutes waits for the window, on the queue.
    await sendMessage(asOrganiser, conversationId, "Also, can you bring a saxophone?");
    const t = Date.now();
    expect(await sendUnreadMessageMail(job)).toBe("later");
    expect(mailsTo(musician.email)).toHaveLength(1);
    const queued = (await jobsOf(conversationId, "musician")).map((j) => j.start_after.getTime());
    expect(queued.some((at) => at >= t + MAIL_EVERY_MS - 60_000 && at <= t + MAIL_EVERY_MS)).toBe(true);
    // Fifteen minutes on, it goes.
    expect(await sendUnreadMessageMail(job, new Date(t + MAIL_EVERY_MS + 1_000))).toBe("sent");
    expect(mailsTo(musician.email)).toHaveLength(2);
  });

  it("sends nothing while the recipient is reading: an open stream, a recent visit, or the message read", async () => {
    const { organiser, musician, asOrganiser, asMusician, conversationId } = await pair();
    const job: UnreadMailJob = { conversationId, side: "organiser" };
    await sendMessage(asMusician, conversationId, "Hello, thanks for reaching out");
    // A live stream with the thread open in this process.
    const reading = (userId: string, id: string) => userId === organiser.userId && id === conversationId;
    expect(await sendUnreadMessageMail(job, new Date(), reading)).toBe("reading");
    // The organiser opens the thread (reads it): nothing to tell.
    await openThread(asOrganiser, conversationId);
    expect(await sendUnreadMessageMail(job, new Date(Date.now() + UNREAD_MAIL_DELAY_MS))).toBe("read");
    // A message arrives moments after they looked at the thread: they are still reading.
    await sendMessage(asMusician, conversationId, "I am free that day");
    expect(await sendUnreadMessageMail(job)).toBe("reading");
    expect(mailsTo(organiser.email)).toHaveLength(0);
    // Once they have gone, the organiser hears of it, with a link to the thread.
    expect(await sendUnreadMessageMail(job, new Date(Date.now() + 6 * 60_000))).toBe("sent");
    const [mail] = mailsTo(organiser.email);
    expect(mail).toContain(`/messages?c=${conversationId}`);
    expect(mail).toMatch(/Hello Ngozi Okafor,[\s\S]*Stage \d+ sent you a message you have not read yet/);
    expect(mailsTo(musician.email)).toHaveLength(0);
  });

  it("the queued job is run by a worker in another process and e-mails the recipient", async () => {
    const { musician, asOrganiser, conversationId } = await pair();
    await sendMessage(asOrganiser, conversationId, "Are you available in March?");
    const worker = new JobQueue(() => process.env.DATABASE_URL!, { pollingIntervalSeconds: 0.5 });
    opened.push(worker);
    worker.register<UnreadMailJob>(UNREAD_MAIL_JOB, async (data) => {
      await sendUnreadMessageMail(data);
    });
    await worker.start();
    // The same job the send queued, due now rather than in five minutes.
    await pool().query(
      "UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND data->>'conversationId' = $2",
      [UNREAD_MAIL_JOB, conversationId],
    );
    await expect.poll(() => mailsTo(musician.email).length, { timeout: 30_000, interval: 200 }).toBe(1);
  });
});
