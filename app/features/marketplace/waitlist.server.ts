import { logger } from "~/server/logger.server";
import { hitRateLimit } from "~/server/rate-limit.server";
import { insertWaitlist } from "./queries.server";
import { WAITLIST_FAILED, WAITLIST_JOINED, type WaitlistInput } from "./waitlist.schema";

export const WAITLIST_JOINS_PER_MINUTE = 10;

/** Adds the e-mail once; joining again is still a success (no duplicate row, nothing revealed). */
export async function joinWaitlist(
  input: WaitlistInput,
  clientIp: string,
): Promise<{ ok: boolean; status: number; message: string }> {
  try {
    if (!(await hitRateLimit(`waitlist:${clientIp}`, WAITLIST_JOINS_PER_MINUTE, 60_000))) {
      return { ok: false, status: 429, message: WAITLIST_FAILED };
    }
    await insertWaitlist(input);
    return { ok: true, status: 200, message: WAITLIST_JOINED };
  } catch (err) {
    logger.error({ err }, "joining the waitlist failed");
    return { ok: false, status: 500, message: WAITLIST_FAILED };
  }
}
