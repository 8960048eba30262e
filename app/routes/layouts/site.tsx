import { Outlet } from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useRootData } from "~/root";

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
