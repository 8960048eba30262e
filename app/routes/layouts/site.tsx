import { Outlet } from "react-router";
import { deferred } from "~/components/deferred";
import { SiteHeader } from "~/components/layout/site-header";
import { useRootData } from "~/root";

// The footer is below every page's fold: it hydrates from its own chunk (ADR 0012).
const SiteFooter = deferred(() => import("~/components/layout/site-footer").then((m) => m.SiteFooter));

export default function SiteLayout() {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader user={root?.user ?? null} />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter support={root?.support ?? { email: "", phone: "" }} />
    </div>
  );
}
