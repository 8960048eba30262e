import { env } from "~/server/env.server";
import { type FeeRates, percentToBasisPoints } from "./fees";

/** The configured rates (SERVICE_FEE_PERCENT, COMMISSION_PERCENT); a payment records the ones it used. */
export function configuredFeeRates(): FeeRates {
  return {
    serviceFeeBp: percentToBasisPoints(env().SERVICE_FEE_PERCENT),
    commissionBp: percentToBasisPoints(env().COMMISSION_PERCENT),
  };
}
