// The organiser's account details beyond Better Auth's: the phone number given at sign-up, kept so a
// booking request can be pre-filled with it.
import { parseNigerianPhone } from "~/lib/phone";
import { findAccountPhone, setAccountPhone } from "./queries.server";

/** Called by the sign-up hook for an organiser; a number the form accepted is stored in national form. */
export async function saveOrganiserPhone(userId: string, phone: unknown): Promise<void> {
  if (typeof phone !== "string" || !phone.trim()) return;
  const parsed = parseNigerianPhone(phone);
  await setAccountPhone(userId, parsed.ok ? parsed.national : phone.trim().slice(0, 40));
}

export function organiserPhone(userId: string): Promise<string | null> {
  return findAccountPhone(userId);
}
