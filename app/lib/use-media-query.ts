import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches; false during the server render and hydration. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(query);
      mq.addEventListener("change", onChange);
      return () => mq.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `md` breakpoint: a phone. */
export const PHONE_QUERY = "(max-width: 767px)";
