import { type ComponentType, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { loadSonner, onToastWanted, toasterMounted } from "~/lib/toast";

/** Spec §9: top-centre, 4 s, at most 3 visible. Sonner arrives after the first input or with the first toast (see app/lib/toast.ts). */
export function Toaster() {
  const [Sonner, setSonner] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    const load = () => void loadSonner().then((m) => setSonner(() => m.Toaster));
    onToastWanted(load);
    // Not before the visitor's first input (issue 31: the first load is what the first screen needs):
    // a toast an action raises comes after one, and one raised earlier asks for sonner itself.
    const events = ["pointerdown", "keydown"] as const;
    const firstInput = () => {
      for (const type of events) window.removeEventListener(type, firstInput, true);
      if ("requestIdleCallback" in window) requestIdleCallback(load, { timeout: 1_000 });
      else setTimeout(load, 100);
    };
    for (const type of events) window.addEventListener(type, firstInput, true);
    return () => {
      for (const type of events) window.removeEventListener(type, firstInput, true);
    };
  }, []);
  useEffect(() => {
    if (Sonner) toasterMounted();
  }, [Sonner]);
  if (!Sonner) return null;
  return <Sonner position="top-center" duration={4000} visibleToasts={3} richColors closeButton />;
}
