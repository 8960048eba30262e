import { useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";

/** Copies text with a success or failure toast; `copied` resets after 3 seconds (spec §9). */
export function useCopy(success: string, failure: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(success);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 3000);
    } catch {
      toast.error(failure);
    }
  }
  return { copied, copy };
}
