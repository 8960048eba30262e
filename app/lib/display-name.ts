/** The name a musician goes by: stage name, else full name, else a neutral fallback. */
export function musicianDisplayName(p: {
  stageName: string | null;
  firstName: string | null;
  lastName: string | null;
}): string {
  const full = [p.firstName, p.lastName].filter(Boolean).join(" ").trim();
  return p.stageName?.trim() || full || "Your musician";
}
