import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False during the server render and hydration, true once the page's JavaScript runs. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
