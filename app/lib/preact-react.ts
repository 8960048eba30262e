// The browser build's "react" (vite.config.ts, ADR 0011): preact/compat, bridged where React 19 and
// the server's React render differ from it. Each bridge is pinned by tests/e2e (hydration, forms,
// dialogs, accessibility).
import { options, type VNode } from "preact";
import { useSyncExternalStore as preactUseSyncExternalStore, useLayoutEffect, useState } from "preact/compat";
import { isHydrating } from "./hydration-phase";

// @ts-expect-error preact/compat declares its types with `export =`, which `export *` cannot name;
// the bundler re-exports its ES module.
export * from "preact/compat";
export { default } from "preact/compat";

type WithRef = VNode & { ref?: unknown };

const previousVNodeHook = options.vnode;
options.vnode = (vnode: WithRef) => {
  // React 19 hands `ref` to a function component as a prop; Preact 10 keeps it off props (only
  // forwardRef passes it on). The UI components are written for React 19: <Input ref> and Radix's
  // asChild triggers reach the DOM element through {...props}.
  const type: unknown = vnode.type;
  if (typeof type === "function" && vnode.ref && !type.prototype?.render) {
    (vnode.props as { ref?: unknown }).ref = vnode.ref;
    vnode.ref = undefined;
  }
  previousVNodeHook?.(vnode);
};

/**
 * React renders with getServerSnapshot while it hydrates, so the browser's first render matches the
 * server's HTML, then re-renders with getSnapshot; Preact uses getSnapshot at once, which changes the
 * markup mid-hydration (useHydrated(), useMediaQuery()) and pairs elements with the wrong nodes.
 */
export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot?: () => T,
): T {
  const [fromServer, setFromServer] = useState(() => isHydrating() && getServerSnapshot !== undefined);
  useLayoutEffect(() => {
    if (fromServer) setFromServer(false);
  }, [fromServer]);
  return preactUseSyncExternalStore(
    subscribe,
    fromServer && getServerSnapshot ? getServerSnapshot : getSnapshot,
  );
}
