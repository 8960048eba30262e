import { useEffect } from "react";
import { toast } from "~/lib/toast";

export interface ActionToast {
  toast?: { type: "success" | "error" | "info"; message: string; description?: string };
}

/** Shows the toast an action returned, once per answer. */
export function useActionToast(actionData: ActionToast | undefined): void {
  useEffect(() => {
    const t = actionData?.toast;
    if (t) toast[t.type](t.message, { description: t.description });
  }, [actionData]);
}
