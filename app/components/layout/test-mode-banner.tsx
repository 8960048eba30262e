// Without PAYSTACK_SECRET_KEY the built-in test provider takes every payment: every page says so, in
// one thin line (a text line, no image or font of its own, so it never becomes the page's LCP).
export const TEST_MODE_TEXT = "Test mode — no real money moves";

export function TestModeBanner() {
  return (
    <aside
      aria-label="Payments test mode"
      className="bg-amber-100 px-4 py-0.5 text-center text-xs font-medium text-amber-950"
    >
      {TEST_MODE_TEXT}
    </aside>
  );
}
