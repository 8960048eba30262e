import { type ComponentType, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { loadSonner, onToastWanted, toasterMounted } from "~/lib/toast";

/** Spec §9: top-centre, 4 s, at most 3 visible. Sonner arrives after hydration (see app/lib/toast.ts). */
export function Toaster() {
  const [Sonner, setSonner] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    const load = () => void loadSonner().then((m) => setSonner(() => m.Toaster));
    onToastWanted(load);
    if ("requestIdleCallback" in window) requestIdleCallback(load, { timeout: 2_000 });
    else setTimeout(load, 200);
  }, []);
  useEffect(() => {
    if (Sonner) toasterMounted();
  }, [Sonner]);
  if (!Sonner) return null;
  return <Sonner position="top-center" duration={4000} visibleToasts={3} richColors closeButton />;
}
