import type { Page } from "@playwright/test";
import { addDays, format } from "date-fns";
import { dashboardSlugOf, expectToast } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { registerMusician } from "./support";

async function addEvent(
  page: Page,
  e: { kind: "History (past event)" | "Scheduled event"; title: string; type: string; date: string },
) {
  await page.getByRole("button", { name: "Add Event" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(e.kind).check();
  await dialog.getByLabel("Event title *").fill(e.title);
  await dialog.getByLabel("Event type *").selectOption(e.type);
  await dialog.getByLabel("Date *").fill(e.date);
  await dialog.getByLabel("Location").fill("Eko Hotel, Lagos");
  await dialog.getByRole("button", { name: "Add Event" }).click();
}

test("adding a history event and a scheduled event shows them on past and upcoming", async ({ page }) => {
  await registerMusician(page);
  const slug = await dashboardSlugOf(page);
  const past = format(addDays(new Date(), -40), "yyyy-MM-dd");
  const future = format(addDays(new Date(), 30), "yyyy-MM-dd");

  await page.goto(`/musician_events/${slug}`);
  await expect(page.getByRole("heading", { name: "Events", exact: true })).toBeVisible();

  // Required fields first.
  await page.getByRole("button", { name: "Add Event" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Add Event" }).click();
  await expectToast(page, "Please fill in all required fields");
  await page.keyboard.press("Escape");

  // A scheduled event cannot be in the past.
  await addEvent(page, { kind: "Scheduled event", title: "Too late", type: "Concert", date: past });
  await expectToast(page, "A scheduled event must be dated today or later");
  await page.keyboard.press("Escape");

  await addEvent(page, {
    kind: "History (past event)",
    title: "Owambe at Ikoyi",
    type: "Wedding",
    date: past,
  });
  await expectToast(page, "Event added to your history");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await addEvent(page, { kind: "Scheduled event", title: "Lagos Jazz Night", type: "Concert", date: future });
  // The first save's toast may still be showing, so it proves nothing about this save: the dialog
  // closes only when this save has been answered.
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.goto(`/musician_events_upcoming/${slug}`);
  const upcoming = page.getByRole("list", { name: "Upcoming Events" });
  await expect(upcoming.getByText("Lagos Jazz Night")).toBeVisible();
  await expect(upcoming.getByText("Owambe at Ikoyi")).toHaveCount(0);

  await page.goto(`/musician_events_past/${slug}`);
  const pastList = page.getByRole("list", { name: "Past Events" });
  await expect(pastList.getByText("Owambe at Ikoyi")).toBeVisible();
  await expect(pastList.getByText("Lagos Jazz Night")).toHaveCount(0);

  // The calendar shows the scheduled event in its month.
  await page.goto(`/musician_events/${slug}?month=${future.slice(0, 7)}`);
  await expect(
    page.getByRole("list", { name: "Events this month" }).getByText("Lagos Jazz Night"),
  ).toBeVisible();

  await page.goto("/musician_dashboard");
  await expect(page.getByTestId("stat-upcoming-events")).toHaveText("1");
});
