import type * as React from "react";
import { Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { CreateBookingButton } from "~/features/bookings/components/create-booking-button";
import { DashboardSidebar, SidebarProvider, SidebarTrigger } from "./dashboard-sidebar";

export interface DashboardContext {
  slug: string;
  websiteUrl: string | null;
  stageName: string | null;
  sidebarOpen: boolean;
  /** Booking requests waiting for an answer (the menu counts them). */
  waitingRequests: number;
}

// --- "View My Website" (profiles engineer: the spec §6 behaviour when the website is inactive) ---
function ViewMyWebsite({ websiteUrl }: { websiteUrl: string | null }) {
  return (
    <Button asChild size="sm" variant="outline">
      {/* Inactive: /profile shows the "Website not active" toast for from=view-website (spec §6). */}
      <Link to={websiteUrl ?? "/profile?tab=account&from=view-website"}>View My Website</Link>
    </Button>
  );
}
// --- end "View My Website" ---

/** The musician dashboard frame: sidebar "Main Menu", heading with its two buttons, then the page. */
export function DashboardShell({ ctx, children }: { ctx: DashboardContext; children: React.ReactNode }) {
  const navigation = useNavigation();
  // Only while the next page's data is actually on its way (no fixed delay: ARCHITECTURE §9).
  const loading = navigation.state === "loading" && !navigation.formMethod;
  return (
    <SidebarProvider defaultOpen={ctx.sidebarOpen}>
      <div className="flex w-full flex-1">
        <DashboardSidebar slug={ctx.slug} waitingRequests={ctx.waitingRequests} />
        <div className="flex min-w-0 flex-1 flex-col gap-6 px-4 py-6 md:px-6">
          <div data-testid="dashboard-header" className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <SidebarTrigger className="-ml-2" />
              <h1 className="text-2xl font-bold">Musician Dashboard</h1>
            </div>
            <div className="flex flex-wrap gap-2">
              <ViewMyWebsite websiteUrl={ctx.websiteUrl} />
              <CreateBookingButton />
            </div>
          </div>
          <main
            aria-busy={loading || undefined}
            className={
              loading
                ? "flex min-w-0 flex-col gap-6 opacity-60 transition-opacity"
                : "flex min-w-0 flex-col gap-6"
            }
          >
            {loading && (
              <div role="status" className="sr-only">
                Loading…
              </div>
            )}
            {children}
          </main>
        </div>
      </div>
    </SidebarProvider>
  );
}
