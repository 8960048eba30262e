import { XIcon } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { cn } from "~/lib/cn";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes back to the first (Shift+Tab the other way): a modal <dialog> leaves
 * the page inert, so without this the focus falls out of the sheet to the browser. It matters when
 * the sheet's fields arrive from their own chunk after it opened and the focus is still on Close.
 */
function keepTabInside(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== "Tab") return;
  const controls = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * The browser's own modal <dialog>: focus trap, Escape and the top layer come free, so the site shell
 * (on every public page) needs no dialog library.
 */
export function NativeDialog({
  open,
  onOpenChange,
  label,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={label}
      onClose={() => onOpenChange(false)}
      onKeyDown={keepTabInside}
      // A click on the backdrop lands on the dialog element itself (Escape, handled natively, mirrors it).
      onClick={(e) => {
        if (e.target === e.currentTarget) onOpenChange(false);
      }}
      className={cn("bg-background text-foreground shadow-lg backdrop:bg-black/60", className)}
    >
      <div className="relative h-full p-6">
        {children}
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="absolute right-2 top-2 inline-flex size-10 cursor-pointer items-center justify-center rounded-md opacity-70 hover:opacity-100"
        >
          <XIcon className="size-4" aria-hidden />
          <span className="sr-only">Close</span>
        </button>
      </div>
    </dialog>
  );
}
