import { expect, it } from "vitest";
import { TEST_BANKS } from "~/features/payments/paystack/test-banks";
import { bankDisplayName } from "./bank-names";

it("shows Paystack's 'Petra Mircofinance Bank Plc' as Petra Microfinance Bank Plc, other names as they are", () => {
  const petra = TEST_BANKS.find((b) => b.code === "50746");
  expect(bankDisplayName(petra?.name ?? "")).toBe("Petra Microfinance Bank Plc");
  expect(bankDisplayName("Guaranty Trust Bank")).toBe("Guaranty Trust Bank");
  expect(TEST_BANKS.map((b) => bankDisplayName(b.name)).join()).not.toMatch(/Mirco/);
});
