/** Spec §4: the website counts as active only when all five are present. */
export function isWebsiteActive(p: {
  slug: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  websiteActive: boolean | null;
}): boolean {
  return Boolean(
    p.slug && p.firstName?.trim() && p.lastName?.trim() && p.phoneNumber?.trim() && p.websiteActive,
  );
}
