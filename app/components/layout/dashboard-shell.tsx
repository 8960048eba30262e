import type * as React from "react";
import { Link } from "react-router";
import { CreateBookingButton } from "~/features/bookings/components/create-booking-button";

export interface DashboardContext {
  slug: string;
  websiteUrl: string | null;
  stageName: string | null;
}

/** The musician dashboard frame: heading, its two buttons, then the page. */
export function DashboardShell({ ctx, children }: { ctx: DashboardContext; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Musician Dashboard</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/profile" className="text-sm text-primary underline">
            View My Website
          </Link>
          <CreateBookingButton />
        </div>
      </div>
      {children}
    </div>
  );
}
