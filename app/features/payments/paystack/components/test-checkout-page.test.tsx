import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { TestCheckoutPage } from "./test-checkout-page";

const checkout = {
  amountKobo: 47_250_000,
  email: "chiamaka.okafor.events@example.com",
  status: "pending",
};

function Checkout() {
  return <TestCheckoutPage checkout={checkout} />;
}
const Stub = createRoutesStub([{ path: "/", Component: Checkout }]);

it("'Paying as' breaks a long e-mail before the @ when it must, never mid-word (phone walk)", () => {
  const out = renderToString(<Stub />).replace(/<!-- -->/g, "");
  const paying = out.slice(out.indexOf("Paying as"));
  expect(paying).toMatch(
    /<dd class="[^"]*\[overflow-wrap:anywhere\][^"]*">chiamaka\.okafor\.events<wbr\/>@example\.com<\/dd>/,
  );
  expect(paying.slice(0, paying.indexOf("</dl>"))).not.toContain("break-all");
});
