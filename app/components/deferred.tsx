import { type ComponentType, lazy, Suspense, useEffect, useId, useLayoutEffect } from "react";

// A part of a public page below its first screen (issue 24, ADR 0012): the server renders it with the
// page as always, and the browser takes its code from a chunk of its own, after the page's first
// JavaScript, and hydrates it on its own (a Suspense boundary). The page's first load stays inside
// the 125 KB budget, and hydration comes in pieces the browser can interleave with a tap, instead of
// one long task. The header and the page's first action are never deferred.

type Loader<P> = () => Promise<ComponentType<P>>;

const waiting = new Set<string>();
const serverLoads: Promise<void>[] = [];

/** Resolves once every deferred part's code is in (server only): then a render never suspends on one. */
export function deferredPartsReady(): Promise<void> {
  return Promise.all(serverLoads).then(() => undefined);
}
let rootHydrated = false;
let announced = false;

/**
 * The page is hydrated once the root and every deferred part it rendered are: then the document is
 * marked (end-to-end tests wait for it) and the tap holder replays the taps it held (ADR 0010). A tap
 * replayed earlier, on a button whose part had no code yet, would be dropped by React.
 */
function announceWhenAllHydrated() {
  if (announced || !rootHydrated || waiting.size > 0) return;
  announced = true;
  document.documentElement.dataset.hydrated = "true";
  window.dispatchEvent(new Event("app:hydrated"));
}

/** Called by the root layout's first effect. */
export function markRootHydrated() {
  rootHydrated = true;
  announceWhenAllHydrated();
}

function PartHydrated({ id }: { id: string }) {
  useEffect(() => {
    waiting.delete(id);
    announceWhenAllHydrated();
  }, [id]);
  return null;
}

/**
 * `deferred(() => import("./x").then((m) => m.X))`: X, rendered by the server with the page and
 * hydrated by the browser from its own chunk. On the server the chunk is loaded once at start, so the
 * page is rendered whole in one go (nothing streams in later).
 */
export function deferred<P extends object>(load: Loader<P>): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  const Part = lazy(start);
  if (import.meta.env.SSR) {
    // React.lazy suspends the first time it is rendered even when the module is there, and a
    // suspended part would stream in later, behind an inline script the cached pages' CSP does not
    // allow. So the server settles it before its first render: `_init` starts the load, and
    // `deferredPartsReady()` (awaited by entry.server.tsx) waits for it.
    const lazyPart = Part as unknown as { _init: (payload: unknown) => unknown; _payload: unknown };
    try {
      lazyPart._init(lazyPart._payload);
    } catch {
      // The promise it throws settles the lazy component (its callback runs before ours below).
    }
    serverLoads.push(start().then(() => undefined));
  }
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, as React.lazy is
  function Deferred(props: P) {
    const id = useId();
    // The chunk starts loading with the page's first render, not when React comes back to the part.
    if (typeof document !== "undefined") void start();
    useLayoutEffect(() => {
      if (!announced) waiting.add(id);
      // A part taken off the page before it hydrated (the market's filters move into the phone's sheet
      // once the page runs) is not waited for.
      return () => {
        if (waiting.delete(id)) announceWhenAllHydrated();
      };
    }, [id]);
    return (
      <Suspense fallback={null}>
        <Part {...props} />
        <PartHydrated id={id} />
      </Suspense>
    );
  }
  return Deferred;
}
