import { publicOrigin } from "~/server/env.server";
import { requestAnchor } from "./request-summary";

/**
 * The musician's own link to one request: their Booking Requests page, scrolled to that request's card,
 * where it can be read, answered, accepted or declined (phone walk 3: not the dashboard).
 */
export function musicianRequestLink(musicianSlug: string | null, musicianId: string, requestId: string) {
  return `${publicOrigin()}/musician_bookingrequests/${musicianSlug ?? musicianId}#${requestAnchor(requestId)}`;
}
