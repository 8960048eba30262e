import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cloneElement, isValidElement } from "react";
import { cn } from "~/lib/cn";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary/90",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive/90",
        outline: "border border-input bg-background hover:bg-accent hover:text-accent-foreground",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-9 rounded-md px-3",
        lg: "h-11 rounded-md px-8",
        icon: "h-10 w-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export function Button({
  className,
  variant,
  size,
  asChild = false,
  type,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const classes = cn(buttonVariants({ variant, size, className }));
  if (asChild && isValidElement(props.children)) {
    const { children, ...rest } = props;
    return withButtonProps(children as React.ReactElement<Record<string, unknown>>, {
      ...rest,
      className: classes,
    });
  }
  return <button className={classes} type={type ?? "button"} {...props} />;
}

/**
 * `asChild`: the button's look and props on its one child element (a link, mostly), as Radix's Slot
 * does it (the child's props win, both event handlers run, class names are joined), without Slot's
 * 1.2 KB of gzip JavaScript in every page's first load (ADR 0012).
 */
function withButtonProps(child: React.ReactElement<Record<string, unknown>>, props: Record<string, unknown>) {
  const own = child.props;
  const merged: Record<string, unknown> = { ...props, ...own };
  for (const key of Object.keys(props)) {
    const mine = props[key];
    const theirs = own[key];
    if (/^on[A-Z]/.test(key) && typeof mine === "function" && typeof theirs === "function") {
      merged[key] = (...args: unknown[]) => {
        theirs(...args);
        mine(...args);
      };
    }
  }
  merged.className = [props.className, own.className].filter(Boolean).join(" ");
  if (props.style || own.style) merged.style = { ...(props.style as object), ...(own.style as object) };
  return cloneElement(child, merged);
}
