import { useRouteLoaderData } from "react-router";
import type { FeeRates } from "~/features/money/fees";
import { parseOptionalNaira } from "~/lib/naira";
import { commissionSentence, ratesSentence } from "../fee-words";

/** The server's rates, which the root loader passes to every page (they are the same for everyone). */
export function useFeeRates(): FeeRates | undefined {
  return useRouteLoaderData<{ feeRates?: FeeRates }>("root")?.feeRates;
}

/**
 * Under a price the musician sets: what Stagebook keeps, what they receive and what the client pays,
 * recomputed as they type with the same function the server uses. Nothing while the field is empty or
 * cannot be read (the field explains that itself).
 */
export function CommissionNote({ price, id }: { price: string | number | null; id?: string }) {
  const rates = useFeeRates();
  const kobo = typeof price === "number" ? price : price === null ? null : parseOptionalNaira(price);
  const priceKobo = typeof kobo === "number" || kobo === null ? kobo : kobo.ok ? kobo.kobo : null;
  if (!rates || !priceKobo) return null;
  return (
    <p id={id} className="text-xs text-muted-foreground" data-testid="commission-note" aria-live="polite">
      {commissionSentence(priceKobo, rates)}
    </p>
  );
}

/** The commission and service fee rates in one sentence ("Stagebook keeps 10% of each booking's price…"). */
export function FeeRatesNote({ className }: { className?: string }) {
  const rates = useFeeRates();
  if (!rates) return null;
  return (
    <p className={className} data-testid="fee-rates">
      {ratesSentence(rates)}
    </p>
  );
}
