/** A website address from a name: "Túndé  Bákàre" → "tunde-bakare" (at most 60 characters). */
export function slugFromName(...parts: string[]): string {
  const slug = parts
    .join(" ")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
  return slug || "musician";
}
