import type { Shown } from "~/features/messaging/contact-boundary";
import { publicText } from "~/features/profiles/public-contact";

/**
 * The name a musician goes by: stage name, else full name, else a neutral fallback. A name saved with
 * contact details in it before issue 27 refused them is shown masked.
 */
export function musicianDisplayName(p: {
  stageName: string | null;
  firstName: string | null;
  lastName: string | null;
}): Shown {
  const full = [p.firstName, p.lastName].filter(Boolean).join(" ").trim();
  return publicText(p.stageName?.trim() || full || "Your musician");
}
