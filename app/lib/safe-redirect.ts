// Any origin works: the target is kept only when resolving it does not leave that origin.
const SITE = "http://stagebook.invalid";

/**
 * A return URL from a query string or form, kept only when it is a path on this site. It is resolved
 * the way a browser would (tabs and newlines dropped, backslashes read as slashes, dot segments
 * removed) and kept only when the origin is unchanged; what comes back is that resolved path, so it
 * is also safe to put in a Location header.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(to, SITE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as another host.
  if (url.origin !== SITE || path.startsWith("//")) return fallback;
  return path;
}
