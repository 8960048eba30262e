import type * as React from "react";
import { cn } from "~/lib/cn";

// A plain <label>: Radix's Label added only a guard against selecting text on double-click, for
// 1.7 KB of gzip JavaScript in the first load of every page with a form (ADR 0012).
export function Label({ className, ...props }: React.ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the caller gives htmlFor or wraps the control
  return <label className={cn("text-sm font-medium leading-none", className)} {...props} />;
}
