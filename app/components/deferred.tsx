import { type ComponentType, lazy, memo, Suspense, useEffect, useId, useLayoutEffect, useRef } from "react";

// A part of a public page below its first screen (issues 24 and 31, ADR 0012): the server renders it
// in place with the page as always; the browser asks for its code only when the part comes near the
// viewport (an IntersectionObserver with a margin) or after the visitor's first input, and then
// hydrates it on its own (a Suspense boundary). Until then React leaves the server's HTML as it is: it
// reads, its links navigate and its forms post. A page's first load is what its first screen needs.
// The header and the page's first action are never deferred.

type Loader<P> = () => Promise<ComponentType<P>>;

export interface DeferredOptions {
  /**
   * The part reads and works from its server HTML until someone acts: it holds only text, links,
   * `<details>` and buttons whose tap is held and replayed (below), no field to type into. Its code
   * is then not asked for because it is on the first screen, only after the first input (at idle), on
   * a tap in it, on new props or on a client-side mount (issue 31: the booking page's summary and
   * dialogs, a profile's lists, the footer).
   */
  untilInput?: boolean;
}

/** How near the viewport a part's code starts loading: about a quarter of a phone's screen ahead. */
const NEAR_VIEWPORT_PX = 200;

const serverLoads: Promise<void>[] = [];

/** Resolves once every deferred part's code is in (server only): then a render never suspends on one. */
export function deferredPartsReady(): Promise<void> {
  return Promise.all(serverLoads).then(() => undefined);
}

/** One `deferred()` component: its code is asked for once, by whichever instance needs it first. */
interface PartCode {
  requested: boolean;
  request: () => void;
}

/** A server-rendered instance the browser has not hydrated yet. */
interface PendingInstance {
  code: PartCode;
  marker: Element;
  /** The boundary's closing comment, `<!--/$-->`: the part's HTML lies between the marker and it. */
  end: Node | null;
  elements: Element[];
  /** Buttons tapped in the part before its code arrived, pressed again once it is hydrated. */
  taps: HTMLElement[];
}

const pending = new Map<string, PendingInstance>();
const allCode = new Set<PartCode>();
let rootHydrated = false;
let announced = false;
let observer: IntersectionObserver | undefined;

/**
 * The page is hydrated once the root and every deferred part whose code it asked for are: then the
 * document is marked (end-to-end tests wait for it) and the tap holder in <head> replays the taps it
 * held (ADR 0010). Parts further down load later; a tap on one before then is held here (`holdTap`).
 */
function announceWhenAllHydrated() {
  if (announced || !rootHydrated) return;
  for (const instance of pending.values()) if (instance.code.requested) return;
  announced = true;
  // In a task of its own, after every effect of the commit that got here: a tap replayed from inside
  // it would be undone by a later effect (the header closes its menu when it first runs).
  setTimeout(() => {
    document.documentElement.dataset.hydrated = "true";
    window.dispatchEvent(new Event("app:hydrated"));
  });
}

/** Called by the root layout's first effect. */
export function markRootHydrated() {
  rootHydrated = true;
  announceWhenAllHydrated();
}

/** The element nodes of the Suspense boundary right after `marker` (`<!--$-->…<!--/$-->`). */
function boundaryOf(marker: Element): { elements: Element[]; end: Node | null } {
  const elements: Element[] = [];
  let depth = 0;
  for (let node = marker.nextSibling; node; node = node.nextSibling) {
    if (node.nodeType === Node.COMMENT_NODE) {
      const data = (node as Comment).data;
      if (data.startsWith("$")) depth += 1;
      else if (data === "/$" && --depth === 0) return { elements, end: node };
    } else if (depth === 0) {
      break;
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      elements.push(node as Element);
    }
  }
  return { elements, end: null };
}

/** Whether `el` is shown (it has a box: not in a closed <details> or <dialog>) near the viewport. */
function nearViewport(el: Element): boolean {
  const box = el.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  return box.bottom >= -NEAR_VIEWPORT_PX && box.top <= window.innerHeight + NEAR_VIEWPORT_PX;
}

function observe(instance: PendingInstance) {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        for (const other of pending.values()) if (other.elements.includes(entry.target)) other.code.request();
      }
    },
    { rootMargin: `${NEAR_VIEWPORT_PX}px 0px` },
  );
  for (const el of instance.elements) observer.observe(el);
}

function inside(instance: PendingInstance, target: Node): boolean {
  const after = instance.marker.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
  const before =
    !instance.end || instance.end.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING;
  return Boolean(after && before);
}

/**
 * A tap on a button in a part whose code has not arrived: React would drop it (it cannot hydrate the
 * part in time), so it is held, the part's code asked for, and the button pressed again once the part
 * is hydrated. A link is never held: it navigates at once, as it would without JavaScript.
 */
function holdTap(event: MouseEvent) {
  if (!(event.target instanceof Element)) return;
  const button = event.target.closest<HTMLElement>("a[href],button,input[type=submit]");
  if (!button || button.tagName === "A" || (button as HTMLButtonElement).disabled) return;
  for (const instance of pending.values()) {
    if (!inside(instance, button)) continue;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!instance.taps.includes(button)) instance.taps.push(button);
    instance.code.request();
    return;
  }
}

function requestAllCode() {
  for (const code of allCode) code.request();
}

if (typeof window !== "undefined") {
  // Before React's own listeners (on the document): window's capture phase comes first.
  window.addEventListener("click", holdTap, true);
  // After the first input, every part's code loads while the browser is idle: the next tap is
  // likely further down.
  const firstInput = () => {
    for (const type of ["pointerdown", "keydown"]) window.removeEventListener(type, firstInput, true);
    if ("requestIdleCallback" in window) requestIdleCallback(requestAllCode, { timeout: 2_000 });
    else setTimeout(requestAllCode, 200);
  };
  for (const type of ["pointerdown", "keydown"]) window.addEventListener(type, firstInput, true);
}

function changed(before: object, after: object): boolean {
  if (before === after) return false;
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!Object.is(a[key], b[key])) return true;
  return false;
}

function PartHydrated({ id }: { id: string }) {
  useEffect(() => {
    const instance = pending.get(id);
    if (!instance) return;
    pending.delete(id);
    for (const el of instance.elements) observer?.unobserve(el);
    for (const button of instance.taps) if (button.isConnected) button.click();
    announceWhenAllHydrated();
  }, [id]);
  return null;
}

/**
 * `deferred(() => import("./x").then((m) => m.X))`: X, rendered by the server with the page and
 * hydrated by the browser from its own chunk once it comes near the screen. On the server the chunk is
 * loaded once at start (`deferredPartsReady()`, awaited by entry.server.tsx) and X rendered directly,
 * so the page is rendered whole in one go (nothing streams in later). The empty `<template>` before the
 * part marks where its HTML starts; it takes no room and no child selector's place but `:first-child`.
 */
export function deferred<P extends object>(load: Loader<P>, options: DeferredOptions = {}): ComponentType<P> {
  if (import.meta.env.SSR) {
    let Loaded: ComponentType<P> | undefined;
    serverLoads.push(
      load().then((component) => {
        Loaded = component;
      }),
    );
    // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level
    return function ServerDeferred(props: P) {
      if (!Loaded) throw new Error("a deferred part rendered before deferredPartsReady()");
      return (
        <>
          <template data-deferred="" />
          <Suspense fallback={null}>
            <Loaded {...props} />
          </Suspense>
        </>
      );
    };
  }

  let open: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    open = resolve;
  });
  const code: PartCode = {
    requested: false,
    request() {
      if (code.requested) return;
      code.requested = true;
      open();
    },
  };
  allCode.add(code);
  // React calls this the first time it renders the part, and waits: until the code is asked for, the
  // part's server HTML stays as it is.
  const Part = lazy(() => requested.then(load).then((component) => ({ default: component })));

  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level, as React.lazy is
  function Deferred(props: P) {
    const id = useId();
    const marker = useRef<HTMLTemplateElement>(null);
    // Whether this instance came with the server's HTML (it was first rendered before the root hydrated).
    const hydrating = useRef(!rootHydrated);
    // Mounted after the page hydrated (a client-side navigation): nothing to show until the code is in.
    // And new props for a part still waiting (its data revalidated): React hydrates it before it can
    // update it, so an update would wait for the part's code.
    const firstProps = useRef(props);
    if (!hydrating.current || changed(firstProps.current, props)) code.request();
    useLayoutEffect(() => {
      if (!hydrating.current || !marker.current) return;
      const { elements, end } = boundaryOf(marker.current);
      const instance: PendingInstance = { code, marker: marker.current, end, elements, taps: [] };
      pending.set(id, instance);
      // Measured now, not at the observer's first report: what is on the first screen hydrates with the
      // page, and html[data-hydrated] waits for it.
      // A part that rendered no element shows nothing: its code comes with the first input, as does
      // the code of a part that works from its HTML until someone acts (`untilInput`).
      if (!options.untilInput) {
        if (elements.some(nearViewport)) code.request();
        else observe(instance);
      }
      // A part taken off the page before it hydrated (the market's filters move into the phone's sheet
      // once the page runs) is not waited for.
      return () => {
        for (const el of elements) observer?.unobserve(el);
        if (pending.delete(id)) announceWhenAllHydrated();
      };
    }, [id]);
    return (
      <>
        <template data-deferred="" ref={marker} />
        <Suspense fallback={null}>
          <Part {...props} />
          <PartHydrated id={id} />
        </Suspense>
      </>
    );
  }
  // A parent that renders again with the same props (say once `useHydrated()` turns true) must not reach
  // a part still waiting for its code: React would count it as an update to a boundary it has not
  // hydrated, drop the server's HTML and show nothing until the code comes. Memo keeps it out of it;
  // props that really change ask for the code (above).
  return memo(Deferred);
}
