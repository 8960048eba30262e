// The hourly money sweep (a pg-boss schedule): nothing that should move money waits on a job that was
// never queued, a crash between a commit and its provider call, or a webhook that never came.
// - paid bookings still in escrow get their release job (undated ones: UNDATED_RELEASE_DAYS after payment);
// - pending refunds the provider was never (successfully) asked for are sent, adopting a lost one;
// - pending refunds it accepted whose outcome never arrived are asked about (GET /refund/:id, review N9);
// - pending payouts are looked up at the provider and settled, or sent if it has never heard of them;
// - automatic payouts waiting for a hold go once it has ended (issue 29);
// - money events whose follow-ups some consumer has not run ten minutes on (their job was lost, ADR 0026).
import { heldBookingIds } from "~/features/money/booking-money.server";
import { consumeStrandedMoneyEvents } from "~/features/money-followups/money-followups.server";
import { askAboutPendingRefunds, redrivePendingRefunds } from "~/features/refunds/refunds.server";
import { sendDueWaitingPayouts } from "~/features/wallet/automatic-payouts.server";
import { redrivePendingPayouts } from "~/features/wallet/wallet.server";
import { logger } from "~/server/logger.server";
import { scheduleAutoRelease } from "./release.server";

export const MONEY_SWEEP_JOB = "money-sweep";
/** At minute 17 of every hour (off the hour, when other schedules crowd). */
export const MONEY_SWEEP_CRON = "17 * * * *";

/** One step of the sweep: an error in it is logged and the other steps still run (M14). */
async function step(name: string, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (err) {
    logger.error({ err, step: name }, "money sweep step failed; the next sweep tries again");
    return 0;
  }
}

/** The sweep's steps, in order; each runs whatever the ones before it did (M14). */
export const MONEY_SWEEP_STEPS: readonly { name: string; run: () => Promise<number> }[] = [
  {
    // Every booking whose money is held, whatever its payment status says (a queued release's key makes
    // the re-queue a no-op; a due one gets a new key each hour).
    name: "releases",
    run: async () => {
      const held = await heldBookingIds();
      for (const id of held)
        await scheduleAutoRelease(id).catch((err) =>
          logger.warn({ err, bookingId: id }, "release not re-queued; the next sweep tries again"),
        );
      return held.length;
    },
  },
  { name: "refunds", run: () => redrivePendingRefunds() },
  { name: "refund questions", run: () => askAboutPendingRefunds() },
  { name: "payouts", run: () => redrivePendingPayouts() },
  { name: "waiting payouts", run: () => sendDueWaitingPayouts() },
  { name: "money events", run: () => consumeStrandedMoneyEvents() },
];

export async function runMoneySweep(steps = MONEY_SWEEP_STEPS): Promise<{
  releases: number;
  refunds: number;
  payouts: number;
  waitingPayouts: number;
  events: number;
}> {
  const done: Record<string, number> = {};
  for (const s of steps) done[s.name] = await step(s.name, s.run);
  const counts = {
    releases: done.releases ?? 0,
    refunds: (done.refunds ?? 0) + (done["refund questions"] ?? 0),
    payouts: done.payouts ?? 0,
    waitingPayouts: done["waiting payouts"] ?? 0,
    events: done["money events"] ?? 0,
  };
  if (counts.refunds || counts.payouts || counts.waitingPayouts || counts.events)
    logger.info(counts, "money sweep re-drove pending work");
  return counts;
}
