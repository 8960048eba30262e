import type { Performance } from "./performance.schema";
import {
  deleteOwnedPerformance,
  insertPerformance,
  type PerformanceRow,
  selectPerformances,
} from "./queries.server";

export type { PerformanceRow };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Newest first, undated last: the profile's Experience list and the past-events page. */
export function listPerformances(profileId: string): Promise<PerformanceRow[]> {
  return selectPerformances(profileId, { order: "desc" });
}

/** Dated today (yyyy-MM-dd, Africa/Lagos) or later, soonest first. */
export function listUpcomingPerformances(profileId: string, today: string): Promise<PerformanceRow[]> {
  return selectPerformances(profileId, { order: "asc", from: today });
}

/** Dated before today, most recent first. */
export function listPastPerformances(profileId: string, today: string): Promise<PerformanceRow[]> {
  return selectPerformances(profileId, { order: "desc", before: today });
}

/** `profileId` must come from the signed-in musician's own profile (requireMusician). */
export function addPerformance(profileId: string, input: Performance): Promise<PerformanceRow> {
  return insertPerformance({ profileId, ...input });
}

/** False when the id is not one of this profile's performances (another musician's included). */
export async function deletePerformance(profileId: string, performanceId: string): Promise<boolean> {
  if (!UUID.test(performanceId)) return false;
  return deleteOwnedPerformance(profileId, performanceId);
}
