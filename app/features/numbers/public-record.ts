// The public record's words (issue 38 item 2), from the stored summary. Pure: the profile and the
// market's cards share it.

export type PublicRecord = {
  medianReplySeconds: number | null;
  gigsPerformed: number;
  cancelledByMusician12m: number;
};

/** Shown once a musician has at least this many requests… */
export const RECORD_MIN_REQUESTS = 3;
/** …or at least this many completed bookings. */
export const RECORD_MIN_GIGS = 1;

export function replyLabel(seconds: number): string {
  const hours = Math.ceil(seconds / 3600);
  if (hours <= 1) return "Usually replies within an hour";
  if (hours < 24) return `Usually replies within ${hours} hours`;
  const days = Math.ceil(seconds / 86_400);
  return days === 1 ? "Usually replies within a day" : `Usually replies within ${days} days`;
}

/** The record's parts ("Usually replies within 2 hours", "14 gigs performed through Stagebook", …). */
export function publicRecordParts(r: PublicRecord): string[] {
  const parts: string[] = [];
  if (r.medianReplySeconds !== null) parts.push(replyLabel(r.medianReplySeconds));
  parts.push(`${r.gigsPerformed} ${r.gigsPerformed === 1 ? "gig" : "gigs"} performed through Stagebook`);
  parts.push(`${r.cancelledByMusician12m} cancelled by the musician in the last 12 months`);
  return parts;
}

export const publicRecordText = (r: PublicRecord) => publicRecordParts(r).join(" · ");
