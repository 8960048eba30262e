import { expect, test } from "@playwright/test";

test("My Bookings: tabs, per-status actions and the Make Payment dialog", async ({ page }) => {
  await page.goto("/bookings");
  await expect(page.getByRole("heading", { name: "My Bookings", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Make Payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Make Payment" });
  await expect(dialog.getByText("Tunde Sax")).toBeVisible();
  await dialog.getByRole("button", { name: "Pay ₦450,000.00" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("tab", { name: "Draft" }).click();
  await expect(page.getByRole("button", { name: "Finish & Send" })).toBeVisible();
  await page.getByRole("tab", { name: "Pending" }).click();
  await expect(page.getByRole("button", { name: "Accept" })).toBeVisible();
  await page.getByRole("tab", { name: "Completed" }).click();
  await expect(page.getByRole("link", { name: "Leave Review" })).toHaveAttribute(
    "href",
    "/musicians/kunle-ayo-band",
  );
});

test("Messages: search, empty result, thread and send box", async ({ page }) => {
  await page.goto("/messages");
  await expect(page.getByText("Select a conversation to start messaging")).toBeVisible();
  const search = page.getByPlaceholder("Search conversations...");
  await search.fill("nobody-like-this");
  await search.press("Enter");
  await expect(page.getByText("No conversations found")).toBeVisible();
  await search.fill("Chioma");
  await search.press("Enter");
  await page.getByRole("link", { name: /Chioma Keys/ }).click();
  await expect(page.getByText("Could you share the set list you have in mind?").last()).toBeVisible();
  const box = page.getByPlaceholder("Type a message...");
  await box.fill("Here it is");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(box).toHaveValue("");
});
