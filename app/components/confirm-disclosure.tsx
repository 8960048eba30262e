import type { ReactNode } from "react";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * A question before an action that cannot be taken back, as a <details> disclosure (issue 23 §3): the
 * first tap only opens the question, before the page's JavaScript has run and without it, and the
 * action is the form inside. Never a one-tap post. `children` is that form (its hidden fields and the
 * "Yes, …" submit button), so each page posts the way it already does (a fetcher or a plain form).
 */
export function ConfirmDisclosure({
  trigger,
  triggerLabel,
  question,
  description,
  children,
  variant = "outline",
  size = "sm",
  className,
  panelClassName,
}: {
  trigger: ReactNode;
  /** The summary's accessible name when `trigger` is an icon and a word. */
  triggerLabel?: string;
  question: string;
  description?: ReactNode;
  children: ReactNode;
  variant?: "default" | "outline" | "destructive" | "secondary";
  size?: "default" | "sm" | "lg";
  className?: string;
  panelClassName?: string;
}) {
  // Uncontrolled: a tap before hydration opens it, and hydration leaves it as the person left it.
  return (
    <details className={cn("group", className)}>
      <summary
        aria-label={triggerLabel}
        className={cn(
          buttonVariants({ variant, size }),
          "w-full list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        {trigger}
      </summary>
      <section aria-label={question} className={cn("mt-2 grid gap-2 text-left", panelClassName)}>
        <p className="font-semibold">{question}</p>
        {description && <div className="text-sm text-muted-foreground">{description}</div>}
        {children}
      </section>
    </details>
  );
}
