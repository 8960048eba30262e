import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydratingDuring } from "~/lib/hydration-phase";

// The browser runs on Preact's React layer (ADR 0011); these three steps bridge where it differs
// from react-dom when it hydrates a whole document that React rendered on the server.

/**
 * On its first render HydratedRouter throws a promise while it decodes the server's data; React waits
 * that out at the root, Preact cannot. So the decode runs to the end before hydration. The promise is
 * thrown before any hook call, so calling the component here touches no render state.
 */
async function routerDataDecoded(): Promise<void> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
    else throw thrown;
  }
}

/**
 * React hoists resource hints into <head> (the preload of the stylesheet and the LCP photo, each
 * module's modulepreload); the component tree never renders them there. Preact matches the head's
 * elements by tag name in order, so a stray link would pair with the tree's stylesheet link and the
 * real one would be dropped as excess. They have done their work by now (this module and its imports
 * have loaded), so they go before hydration.
 */
function removeHoistedResourceHints() {
  for (const link of document.head.querySelectorAll("link")) {
    const rel = link.getAttribute("rel") ?? link.getAttribute("data-rel");
    if (rel === "preload" || rel === "modulepreload") link.remove();
  }
}

/**
 * Preact hydrates into a parent's children, and takes `document` to mean <html>'s children; the root
 * layout renders <html> itself, as React expects. This stands for the document with <html> as its
 * only child (the doctype is left alone).
 */
function documentAsParent(): Element {
  const html = document.documentElement;
  return {
    namespaceURI: html.namespaceURI,
    firstChild: html,
    childNodes: [html],
    insertBefore: (node: Node) => node,
    appendChild: (node: Node) => node,
    removeChild: (node: Node) => node,
  } as unknown as Element;
}

const app = (
  <StrictMode>
    <HydratedRouter />
  </StrictMode>
);

if (import.meta.env.DEV) {
  // `npm run dev` runs React in the browser (the Preact aliases apply to the build only).
  startTransition(() => {
    hydrateRoot(document, app);
  });
} else {
  routerDataDecoded().then(() => {
    removeHoistedResourceHints();
    startTransition(() => {
      hydratingDuring(() => hydrateRoot(documentAsParent() as unknown as Document, app));
    });
  });
}
