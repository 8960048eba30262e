import type { Location, UIMatch } from "react-router";

/** The route handle of a page that always opens at the top, even on Back or a reload (spec §2). */
export interface OpensAtTopHandle {
  opensAtTop: true;
}

function opensAtTop(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as Partial<OpensAtTopHandle> | undefined)?.opensAtTop);
}

/**
 * ScrollRestoration's key for a location. A page that opens at the top gets a new key on every call, so
 * the position saved on leaving it is never found on coming back: neither by the router on Back nor by
 * the inline script that restores a reload's position before the app has loaded (on a slow phone the
 * page would otherwise show far down for seconds, then jump).
 */
export function scrollKey(location: Location, matches: UIMatch[]): string {
  return opensAtTop(matches) ? `${location.pathname}#${Math.random().toString(36).slice(2)}` : location.key;
}
