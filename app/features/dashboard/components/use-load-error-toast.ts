import { useEffect } from "react";
import { toast } from "~/lib/toast";

/** Shows a loader's failure message as a toast, once per message. */
export function useLoadErrorToast(message: string | null | undefined): void {
  useEffect(() => {
    if (message) toast.error(message);
  }, [message]);
}
