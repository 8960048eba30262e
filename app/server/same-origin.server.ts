/**
 * Whether a state-changing request came from another site. Browsers send Sec-Fetch-Site and Origin
 * on form posts and fetches; either one naming another site is enough to refuse it.
 */
export function isCrossSiteRequest(headers: {
  secFetchSite?: string;
  origin?: string;
  host?: string;
}): boolean {
  if (headers.secFetchSite === "cross-site") return true;
  // Under Referrer-Policy: no-referrer a plain HTML form post (no JavaScript) carries "Origin: null";
  // the browser's own Sec-Fetch-Site still says it came from this site.
  if (headers.secFetchSite === "same-origin") return false;
  if (headers.origin === undefined) return false;
  if (headers.origin === "null") return true;
  try {
    return new URL(headers.origin).host !== headers.host;
  } catch {
    return true;
  }
}
