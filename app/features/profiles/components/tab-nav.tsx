import { Link } from "react-router";
import { cn } from "~/lib/cn";

export interface TabDef {
  id: string;
  label: string;
}

/**
 * Tabs as links (?tab=...), so every tab is reachable without client JavaScript, can be linked to,
 * and survives a form post that reloads the page.
 */
export function TabNav({
  tabs,
  current,
  label,
  className,
}: {
  tabs: readonly TabDef[];
  current: string;
  label: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn("scroll-affordance w-fit max-w-full rounded-md", className)}>
      <ul className="inline-flex h-10 items-center p-1 text-muted-foreground">
        {tabs.map((t) => {
          const active = t.id === current;
          return (
            <li key={t.id}>
              <Link
                to={`?tab=${t.id}`}
                preventScrollReset
                replace
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex items-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-2 focus-visible:outline-ring",
                  active && "bg-background text-foreground shadow-sm",
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function pickTab<T extends string>(value: string | null, tabs: readonly { id: T }[]): T {
  return (tabs.find((t) => t.id === value) ?? tabs[0]!).id;
}
