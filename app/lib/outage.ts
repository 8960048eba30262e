/** Shown while the database is unreachable (app/server/database-health.server.ts answers 503). */
export const OUTAGE_MESSAGE =
  "Stagebook is briefly unavailable — your data is safe, please try again in a moment";
