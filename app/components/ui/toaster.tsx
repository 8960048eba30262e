import { Toaster as Sonner } from "sonner";

/** Spec §9: top-centre, 4 s, at most 3 visible. */
export function Toaster() {
  return <Sonner position="top-center" duration={4000} visibleToasts={3} richColors closeButton />;
}
