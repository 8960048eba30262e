// Issue 30 §5: a message whose send job was lost is not lost. The app's start puts the sweep on the job
// queue's clock (a pg-boss schedule, every 10 minutes), and a run of the sweep job sends what is due.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { Shown } from "~/features/messaging/contact-boundary";
import { db, pool } from "~/server/db.server";
import { startJobs } from "~/server/express-app.server";
import { scheduleJob, stopJobs } from "~/server/jobs/jobs.server";
import {
  PHONE_SEND_JOB,
  PHONE_SWEEP_CRON,
  PHONE_SWEEP_JOB,
  queuePhoneMessage,
} from "./phone-messages.server";
import { phoneOutbox } from "./phone-test-support";

// The tests' names stand for text already through the contact boundary (ADR 0028), as the app passes it.
const shown = (text: string) => text as Shown;

afterAll(async () => {
  await stopJobs();
});

describe("the phone-message sweep", () => {
  it("is scheduled on the job queue when the app starts, and a run sends a message whose job was lost", async () => {
    const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
    const e164 = `+234806${rest}`;
    // A payment's receipt (sent at any hour) stored 20 minutes ago, whose send job never ran.
    const id = (await queuePhoneMessage(
      db,
      {
        event: "paid",
        eventKey: `sweep:${randomBytes(4).toString("hex")}`,
        side: "client",
        phone: e164,
        vars: {
          link: "https://stagebook.ng/booking/k3n9x2qa",
          musician: shown("Tunde Sax"),
          event: shown("Wedding"),
          date: "2026-12-14",
          amountKobo: 9_450_000,
        },
      },
      new Date(Date.now() - 20 * 60_000),
    )) as string;
    expect(id).toBeTruthy();
    await pool().query("DELETE FROM pgboss.job WHERE name = $1 AND data->>'id' = $2", [PHONE_SEND_JOB, id]);

    await startJobs();

    const { rows } = await pool().query("SELECT cron FROM pgboss.schedule WHERE name = $1", [
      PHONE_SWEEP_JOB,
    ]);
    expect(rows).toEqual([{ cron: PHONE_SWEEP_CRON }]);
    expect(PHONE_SWEEP_CRON).toBe("*/10 * * * *");
    expect(phoneOutbox(e164)).toEqual([]);

    // What the schedule does every 10 minutes: a sweep job, run by the app's workers.
    await scheduleJob(PHONE_SWEEP_JOB, {});
    await expect.poll(() => phoneOutbox(e164).length, { timeout: 30_000, interval: 250 }).toBe(1);
    expect(phoneOutbox(e164)[0]).toMatchObject({ channel: "sms", event: "paid", to: e164 });
    const sent = await pool().query("SELECT status FROM phone_messages WHERE id = $1", [id]);
    expect(sent.rows[0].status).toBe("sent");
  });
});
