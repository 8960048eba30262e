// How long the musician has to add their side of a dispute, and when Stagebook decides, counted from the
// dispute (ADR 0018). Its own module so the booking page loads two numbers, not the notices' texts.
export const DISPUTE_SIDE_DAYS = 3;
export const DISPUTE_DECISION_DAYS = 7;
