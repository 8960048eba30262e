// Toasts without sonner in the JavaScript a page needs before its first tap (~10 KB gzip): sonner is
// fetched after the visitor's first input or when the first toast is shown, whichever is first,
// and a toast waits until the Toaster (app/components/ui/toaster.tsx) is mounted to show it.
type Sonner = typeof import("sonner");
type Options = { description?: string };

let sonner: Promise<Sonner> | undefined;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

let toasterWanted = false;
let mountToaster: (() => void) | undefined;

export function loadSonner(): Promise<Sonner> {
  sonner ??= import("sonner");
  return sonner;
}

/** The Toaster registers how to mount itself; called at once if a toast is already waiting. */
export function onToastWanted(mount: () => void): void {
  mountToaster = mount;
  if (toasterWanted) mount();
}

/** Called by the Toaster once sonner's own Toaster is on the page. */
export function toasterMounted(): void {
  markMounted();
}

function show(type: "success" | "error" | "info" | "message") {
  return (message: string, options?: Options): void => {
    toasterWanted = true;
    mountToaster?.();
    void loadSonner().then(async (m) => {
      await mounted;
      m.toast[type](message, options);
    });
  };
}

export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  message: show("message"),
};
