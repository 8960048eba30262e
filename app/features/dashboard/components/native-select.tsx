import type * as React from "react";
import { cn } from "~/lib/cn";

/** A styled native <select>: works without JavaScript and costs nothing on public pages. */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base aria-invalid:border-destructive md:text-sm",
        className,
      )}
      {...props}
    />
  );
}
