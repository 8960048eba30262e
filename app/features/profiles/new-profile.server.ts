import { randomBytes } from "node:crypto";
import { parseNigerianPhone } from "~/lib/phone";
import { slugFromName } from "~/lib/slug";
import { insertNewProfile, slugsLike } from "./queries.server";

/**
 * A musician is live in one step: the profile made at sign-up already has a website address from the
 * name ("tunde-bakare", then "tunde-bakare-2"…, editable later in Account) and, with the phone given
 * at sign-up, an active website, so "View My Website" works at once.
 */
export async function createNewMusicianProfile(u: {
  userId: string;
  firstName: string;
  lastName: string;
  phoneNumber?: string | null;
}): Promise<void> {
  const phone = parseNigerianPhone(u.phoneNumber);
  const phoneNumber = phone.ok ? phone.national : null;
  const base = slugFromName(u.firstName, u.lastName);
  const taken = await slugsLike(base);
  let n = 1;
  const next = () => {
    while (taken.has(n === 1 ? base : `${base}-${n}`)) n += 1;
    const slug = n === 1 ? base : `${base}-${n}`;
    taken.add(slug);
    return slug;
  };
  // A race with another sign-up of the same name loses on the unique index; then try the next one,
  // and finally a random suffix.
  for (let attempt = 0; attempt < 5; attempt++) {
    // The random suffix in letters: a run of digits in an address is refused as a phone number (issue 36).
    const suffix = randomBytes(3)
      .toString("hex")
      .replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!);
    const slug = attempt < 3 ? next() : `${base}-${suffix}`;
    const ok = await insertNewProfile({
      userId: u.userId,
      firstName: u.firstName,
      lastName: u.lastName,
      phoneNumber,
      slug,
      websiteActive: phoneNumber !== null,
    });
    if (ok) return;
  }
  throw new Error("Could not make a website address for the new musician");
}
