import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React recovers from a server/browser difference by rendering that part afresh, and reports it here.
 * The production build's message is only an error code (#418 is "Hydration failed because the server
 * rendered HTML didn't match the client"), so this names it in words: the end-to-end suite fails any
 * test whose page logs "Hydration failed" (tests/e2e/fixtures.ts), and so would a person reading the
 * console. ADR 0012.
 */
function reportRecoverableError(error: unknown, info: { componentStack?: string }) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Hydration failed: ${message}`, info.componentStack ?? "");
}

// A transition: the hydration renders in slices and yields to the browser between them (and between
// the Suspense boundaries the pages put around what is below the fold), so a tap is handled at once.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    { onRecoverableError: reportRecoverableError },
  );
});
