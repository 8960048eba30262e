import { Transform } from "node:stream";

/**
 * The inline script at the very start of <head>. Until the page has hydrated it holds taps on
 * JavaScript-only buttons (`type="button"`: a menu, a dialog, a carousel) and replays each once, so a
 * tap on a slow phone is late, never lost. A link is never held, nor anything inside one: it navigates
 * at once, as it would without JavaScript. It runs before anything can be tapped: at the end of the
 * page, as it first was, a tap on the header while the rest of the page still streamed in was lost.
 * The root dispatches `app:hydrated`.
 */
export const TAP_HOLDER = [
  "(function(){var held=[];",
  "function hold(e){var b=e.target instanceof Element&&e.target.closest('a[href],button');",
  "if(b&&b.tagName==='BUTTON'&&b.type==='button'&&!b.disabled){e.preventDefault();e.stopImmediatePropagation();if(held.indexOf(b)<0)held.push(b)}}",
  'document.addEventListener("click",hold,true);',
  'addEventListener("app:hydrated",function(){document.removeEventListener("click",hold,true);',
  "held.forEach(function(b){if(b.isConnected)b.click()})},{once:true})})()",
].join("");

/**
 * The inline script at the end of every page. Once the browser reports the first contentful paint it
 * starts the page's JavaScript: the parked module preloads are turned back on and React Router's module
 * script is re-inserted so that it runs (10 s after the load event at the latest, for a browser that
 * reports no paint).
 */
export const SCRIPT_LOADER = [
  "(function(){var started=false;",
  "function start(){if(started)return;started=true;",
  'document.querySelectorAll(\'link[data-rel="modulepreload"]\').forEach(function(l){l.rel="modulepreload"});',
  "document.querySelectorAll('script[type=\"x-after-paint\"]').forEach(function(s){",
  'var n=document.createElement("script");n.type="module";n.nonce=s.nonce;n.text=s.text;s.replaceWith(n)})}',
  'try{new PerformanceObserver(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();start()}})',
  '.observe({type:"paint",buffered:true})}catch(e){}',
  'addEventListener("load",function(){setTimeout(start,10000)});',
  "})()",
].join("");

/** What the stream rewrites: the head's start, React Router's module preloads and module script, the body's end. */
const NEEDLES = ["<head>", 'rel="modulepreload"', 'type="module" async=""', "</body>"].map((n) =>
  Buffer.from(n),
);
const LONGEST = Math.max(...NEEDLES.map((n) => n.length));

function replacement(match: string, nonce: string | undefined): string {
  const script = (text: string) => `<script${nonce ? ` nonce="${nonce}"` : ""}>${text}</script>`;
  if (match === 'rel="modulepreload"') return 'data-rel="modulepreload"';
  if (match === "<head>") return `<head>${script(TAP_HOLDER)}`;
  if (match === "</body>") return `${script(SCRIPT_LOADER)}</body>`;
  return 'type="x-after-paint" async=""';
}

/**
 * Holds the page's JavaScript back until the server-rendered page has painted, as the HTML streams out.
 * React Router starts every module a page needs from <head> at high priority (20-35 files, about 110 KB
 * gzip), so on a slow connection they share the bandwidth with the one stylesheet the first paint waits
 * for, and the text a visitor came for shows only when they are nearly all in. Everything on the page
 * works as plain HTML before the JavaScript arrives (forms post, links navigate), so painting first
 * loses nothing.
 */
export function scriptsAfterPaint(nonce: string | undefined): Transform {
  const replacements = new Map(NEEDLES.map((n) => [n, Buffer.from(replacement(n.toString(), nonce))]));
  let tail: Uint8Array = Buffer.alloc(0);
  let headSeen = false;
  // Rewrites what it can of the bytes so far, as bytes (every needle is ASCII, so no character is ever
  // decoded and encoded again); a piece may end part-way through a needle, so the last bytes wait for
  // the next piece unless this is the end.
  const rewrite = (raw: Buffer, final: boolean): Buffer => {
    const limit = final ? raw.length : raw.length - (LONGEST - 1);
    const found: { at: number; needle: (typeof NEEDLES)[number] }[] = [];
    for (const needle of NEEDLES) {
      for (
        let at = raw.indexOf(needle);
        at !== -1 && at < limit;
        at = raw.indexOf(needle, at + needle.length)
      )
        found.push({ at, needle });
    }
    found.sort((a, b) => a.at - b.at);
    const out: Uint8Array[] = [];
    let done = 0;
    for (const { at, needle } of found) {
      // The document's own <head> only: the holder goes in once.
      const head = needle === NEEDLES[0];
      out.push(raw.subarray(done, at), head && headSeen ? needle : (replacements.get(needle) as Buffer));
      headSeen ||= head;
      done = at + needle.length;
    }
    const end = Math.max(done, limit);
    out.push(raw.subarray(done, end));
    // A copy: the piece the tail came from is not kept alive by it.
    tail = Buffer.from(raw.subarray(end));
    return Buffer.concat(out);
  };
  // React writes its HTML in 2 KB pieces, all in one turn of the event loop; each piece passed on alone
  // crosses four streams, the response and gzip (a 100 KB dashboard page: ~50 writes, a tenth of the
  // server's time on the page). What one turn wrote goes on as one piece, at the end of that turn: a
  // part React finishes later still streams out as soon as it is written.
  let pending: Uint8Array[] = [];
  let turnEnd: NodeJS.Immediate | null = null;
  const take = () => {
    const raw = Buffer.concat([tail, ...pending]);
    pending = [];
    return raw;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      turnEnd ??= setImmediate(() => {
        turnEnd = null;
        if (stream.destroyed) return;
        const bytes = rewrite(take(), false);
        if (bytes.length) stream.push(bytes);
      });
      callback();
    },
    flush(callback) {
      if (turnEnd) clearImmediate(turnEnd);
      turnEnd = null;
      callback(null, rewrite(take(), true));
    },
  });
  return stream;
}
