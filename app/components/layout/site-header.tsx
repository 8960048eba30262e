// By path, not from lucide's index: the header is in every page's first chunk (vite.config.ts).
import MusicIcon from "lucide-react/icons/eighth-notes";
import MenuIcon from "lucide-react/icons/menu";
import PlusIcon from "lucide-react/icons/plus";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { isOrganiserRole } from "~/features/auth/roles";
import { cn } from "~/lib/cn";
import { mainLinks, showsCreateBooking } from "~/lib/nav";

// The booking wizard (forms, validation) loads on the first tap of the button, which shows only on
// signed-in musician pages. The button itself is in the page, so it is hydrated with the rest: a lazy
// button would stay unhydrated after the page, and a tap replayed at hydration would be lost on it.
const CreateBookingDialog = lazy(() =>
  import("~/features/bookings/components/create-booking-button").then((m) => ({
    default: m.CreateBookingDialog,
  })),
);

// The phone menu's drawer: its button is in the first chunk (a tap on it before hydration is held and
// replayed once the page has hydrated, ADR 0010); the drawer, closed until then, is rendered from its
// own chunk on the first tap (issue 31: a page's first load is what its first screen shows).
const NativeDialog = lazy(() =>
  import("~/components/ui/native-dialog").then((m) => ({ default: m.NativeDialog })),
);

function HeaderCreateBooking() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <PlusIcon aria-hidden />
        Create Booking
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <CreateBookingDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

export interface HeaderUser {
  firstName: string;
  role?: string;
}

/** The signed-in links: an organiser's My Bookings and Messages, or a musician's dashboard. */
function signedInLinks(user: HeaderUser) {
  return isOrganiserRole(user.role)
    ? [
        { to: "/bookings", label: "My Bookings" },
        { to: "/messages", label: "Messages" },
      ]
    : [
        { to: "/musician_dashboard", label: "Dashboard" },
        { to: "/profile", label: "My Account" },
      ];
}

function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-bold text-primary">
      <MusicIcon aria-hidden className="size-5" />
      Stagebook
    </Link>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn("rounded-md px-3 py-2 text-sm font-medium hover:bg-accent", isActive && "text-primary");

export function SiteHeader({
  user,
  sectionMenu,
}: {
  user: HeaderUser | null;
  /** On a phone, one menu: this section's entries (the dashboard's) come first in the site drawer. */
  sectionMenu?: ReactNode;
}) {
  const { pathname, search } = useLocation();
  const [open, setOpen] = useState(false);
  const [menuOpened, setMenuOpened] = useState(false);
  // Any navigation (a link in the section menu included) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change only
  useEffect(() => setOpen(false), [pathname, search]);
  const signedIn = user !== null;
  const createBooking = showsCreateBooking(pathname, signedIn);

  const accountLinks = signedIn
    ? signedInLinks(user)
    : [
        { to: "/login", label: "Sign in" },
        { to: "/register", label: "Sign up" },
      ];

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {mainLinks.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === "/"} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {createBooking && <HeaderCreateBooking />}
          {signedIn ? (
            <>
              {accountLinks.map((l) => (
                <Button key={l.to} asChild variant="ghost">
                  <Link to={l.to}>{l.label}</Link>
                </Button>
              ))}
              <Form method="post" action="/logout">
                <Button type="submit" variant="outline">
                  Logout
                </Button>
              </Form>
            </>
          ) : (
            <>
              <Button asChild variant="ghost">
                <Link to="/login">Sign in</Link>
              </Button>
              <Button asChild>
                <Link to="/register">Sign up</Link>
              </Button>
            </>
          )}
        </div>
        <div className="flex items-center gap-2 md:hidden">
          {/* A section with its own Create Booking (the dashboard) keeps one on a phone. */}
          {createBooking && !sectionMenu && <HeaderCreateBooking />}
          <Button
            variant="ghost"
            size="icon"
            aria-label="Open menu"
            aria-haspopup="dialog"
            onClick={() => {
              setMenuOpened(true);
              setOpen(true);
            }}
          >
            <MenuIcon />
          </Button>
          {menuOpened && (
            <Suspense fallback={null}>
              <NativeDialog
                open={open}
                onOpenChange={setOpen}
                label="Site navigation"
                className="m-0 h-dvh max-h-none w-4/5 max-w-xs overflow-y-auto border-r"
              >
                <Brand />
                {sectionMenu && <div className="mt-6">{sectionMenu}</div>}
                <nav
                  aria-label="Mobile"
                  className={cn("mt-6 flex flex-col gap-1", sectionMenu && "border-t pt-4")}
                >
                  {sectionMenu && (
                    <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                      Stagebook
                    </h2>
                  )}
                  {[...mainLinks, ...accountLinks].map((l) => (
                    <NavLink
                      key={l.to}
                      to={l.to}
                      end={l.to === "/"}
                      className={linkClass}
                      onClick={() => setOpen(false)}
                    >
                      {l.label}
                    </NavLink>
                  ))}
                  {signedIn && (
                    <Form method="post" action="/logout" onSubmit={() => setOpen(false)}>
                      <Button type="submit" variant="outline" className="mt-2 w-full">
                        Logout
                      </Button>
                    </Form>
                  )}
                </nav>
              </NativeDialog>
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
