import { Outlet } from "react-router";
import { SiteHeader } from "~/components/layout/site-header";
import { useRootData } from "~/root";

/** The profile editor sits outside the site wrapper (spec §2): header, no footer. */
export default function AppLayout() {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader user={root?.user ?? null} />
      <Outlet />
    </div>
  );
}
