import {
  BarChart3Icon,
  CalendarDaysIcon,
  CalendarIcon,
  LayoutDashboardIcon,
  LogOutIcon,
  MessageSquareIcon,
  PanelLeftIcon,
  StarIcon,
  UserPenIcon,
  WalletIcon,
} from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { cn } from "~/lib/cn";
import { dashboardMenu, type MenuEntry, sidebarCookieValue } from "./dashboard-menu";

const MOBILE_QUERY = "(max-width: 767px)";

interface SidebarState {
  open: boolean;
  isMobile: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error("useSidebar must be used inside SidebarProvider");
  return ctx;
}

function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(MOBILE_QUERY);
    const update = () => setMobile(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  return mobile;
}

/**
 * Desktop open/collapsed state (kept in a cookie so the server renders it the same). A phone has one
 * menu, the site header's drawer, with the dashboard's entries first (DashboardPhoneMenu).
 */
export function SidebarProvider({
  defaultOpen,
  children,
}: {
  defaultOpen: boolean;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const isMobile = useIsMobile();

  const toggle = useCallback(() => {
    if (isMobile) return;
    const next = !open;
    setOpen(next);
    // The server reads this cookie to render the same state; the Cookie Store API is not in every browser yet.
    // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-HttpOnly preference cookie
    document.cookie = sidebarCookieValue(next);
  }, [isMobile, open]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "b" && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const value = useMemo(() => ({ open, isMobile, toggle }), [open, isMobile, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggle, open } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("hidden md:inline-flex", className)}
      onClick={toggle}
      aria-label="Toggle sidebar"
      aria-expanded={open}
      aria-controls="dashboard-sidebar"
      title="Toggle sidebar (Ctrl/Cmd+B)"
    >
      <PanelLeftIcon />
    </Button>
  );
}

const icons = {
  overview: LayoutDashboardIcon,
  numbers: BarChart3Icon,
  profile: UserPenIcon,
  bookings: CalendarDaysIcon,
  events: CalendarIcon,
  messages: MessageSquareIcon,
  wallet: WalletIcon,
  reviews: StarIcon,
} as const;

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
    isActive && "bg-accent text-primary",
  );

function MenuList({ menu }: { menu: MenuEntry[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {menu.map((entry) => {
        const Icon = icons[entry.icon];
        return (
          <li key={entry.label}>
            {entry.children ? (
              <>
                <span className="flex items-center gap-3 px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                  <Icon aria-hidden className="size-4" />
                  {entry.label}
                </span>
                <ul className="ml-7 flex flex-col gap-0.5 border-l pl-2" aria-label={entry.label}>
                  {entry.children.map((child) => (
                    <li key={child.label}>
                      {child.to ? (
                        <NavLink to={child.to} end className={itemClass}>
                          {child.label}
                          {child.count ? (
                            <span
                              className="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
                              data-testid="menu-waiting-requests"
                            >
                              {child.count}
                              <span className="sr-only"> waiting</span>
                            </span>
                          ) : null}
                        </NavLink>
                      ) : (
                        <span
                          aria-disabled="true"
                          className="flex cursor-default px-3 py-2 text-sm text-muted-foreground"
                        >
                          {child.label}
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <NavLink to={entry.to} end className={itemClass}>
                <Icon aria-hidden className="size-4" />
                {entry.label}
              </NavLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function LogoutButton({ collapsed = false }: { collapsed?: boolean }) {
  const button = (
    <Button
      type="submit"
      variant="ghost"
      className={cn("w-full justify-start gap-3", collapsed && "justify-center px-0")}
      aria-label={collapsed ? "Logout" : undefined}
    >
      <LogOutIcon aria-hidden />
      {!collapsed && "Logout"}
    </Button>
  );
  return (
    <Form method="post" action="/logout">
      {collapsed ? (
        <Tooltip>
          <TooltipTrigger asChild>{button}</TooltipTrigger>
          <TooltipContent side="right">Logout</TooltipContent>
        </Tooltip>
      ) : (
        button
      )}
    </Form>
  );
}

/** Collapsed rail: one icon per top-level entry, its label in a tooltip. */
function RailList({ menu }: { menu: MenuEntry[] }) {
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col items-center gap-1">
      {menu.map((entry) => {
        const Icon = icons[entry.icon];
        const active = entry.children
          ? entry.children.some((c) => c.to && pathname === c.to)
          : pathname === entry.to;
        return (
          <li key={entry.label}>
            <Tooltip>
              <TooltipTrigger asChild>
                <NavLink
                  to={entry.to}
                  aria-label={entry.label}
                  className={cn(
                    "flex size-10 items-center justify-center rounded-md hover:bg-accent",
                    active && "bg-accent text-primary",
                  )}
                >
                  <Icon aria-hidden className="size-5" />
                </NavLink>
              </TooltipTrigger>
              <TooltipContent side="right">{entry.label}</TooltipContent>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}

export function DashboardSidebar({ slug, waitingRequests }: { slug: string; waitingRequests: number }) {
  const { open } = useSidebar();
  const menu = dashboardMenu(slug, { requests: waitingRequests });
  return (
    <aside
      id="dashboard-sidebar"
      data-state={open ? "expanded" : "collapsed"}
      className={cn(
        "sticky top-16 hidden h-[calc(100vh-4rem)] shrink-0 flex-col overflow-y-auto border-r bg-muted/30 py-4 md:flex",
        open ? "w-64 px-3" : "w-16 px-2",
      )}
    >
      <nav aria-label="Dashboard" className="flex flex-1 flex-col gap-2">
        <h2 className={cn("px-3 text-sm font-semibold text-muted-foreground", !open && "sr-only")}>
          Main Menu
        </h2>
        {open ? <MenuList menu={menu} /> : <RailList menu={menu} />}
        <div className="mt-auto border-t pt-2">
          <LogoutButton collapsed={!open} />
        </div>
      </nav>
    </aside>
  );
}

/** The dashboard's entries at the top of the site header's drawer on a phone (one menu, sections first). */
export function DashboardPhoneMenu({ slug, waitingRequests }: { slug: string; waitingRequests: number }) {
  return (
    <nav aria-label="Dashboard menu" className="flex flex-col gap-1">
      <h2 className="px-3 pb-1 text-sm font-semibold text-muted-foreground">Main Menu</h2>
      <MenuList menu={dashboardMenu(slug, { requests: waitingRequests })} />
    </nav>
  );
}
