import { XIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "~/lib/cn";

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
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which <dialog> handles natively
    <dialog
      ref={ref}
      aria-label={label}
      onClose={() => onOpenChange(false)}
      // A click on the backdrop lands on the dialog element itself.
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
