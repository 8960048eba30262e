// Issue 40: a tap is never lost while a page wakes up. On a phone's slow CPU a person taps the
// Account tab on /profile the moment the page shows, and again the moment the network is idle while
// React is still hydrating; the tab opens each time (natively before hydration: the tabs are links to
// ?tab=, by the app after it).
import { expect, test } from "./fixtures";
import { registerMusician } from "./support";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("a tab tapped at once after load on a slow CPU opens", async ({ page }) => {
  await registerMusician(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  const account = page.getByRole("link", { name: "Account", exact: true });
  for (const loaded of ["domcontentloaded", "networkidle"] as const) {
    // "commit", then the load state: the fixtures' goto would wait for the hydration this must not.
    await page.goto("/profile", { waitUntil: "commit" });
    await page.waitForLoadState(loaded);
    await account.tap();
    await expect(page, `tapped at ${loaded}`).toHaveURL(/\/profile\?tab=account$/);
    await expect(account).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("Website URL")).toBeVisible();
  }
});
