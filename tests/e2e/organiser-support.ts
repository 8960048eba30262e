import { expect, type Page } from "@playwright/test";
import { asNewVisitor, uniqueEmail } from "./support";

export interface E2EOrganiser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Registers an Event Organizer through the real form; it lands on My Bookings. */
export async function registerOrganiser(page: Page, over: Partial<E2EOrganiser> = {}): Promise<E2EOrganiser> {
  const o: E2EOrganiser = {
    firstName: over.firstName ?? "Ngozi",
    lastName: over.lastName ?? "Eze",
    email: over.email ?? uniqueEmail("organiser"),
    password: over.password ?? "owambe-2026",
  };
  await asNewVisitor(page);
  await page.goto("/register");
  await page.getByLabel("First name").fill(o.firstName);
  await page.getByLabel("Last name").fill(o.lastName);
  await page.getByLabel("Email").fill(o.email);
  await page.getByLabel("Password", { exact: true }).fill(o.password);
  await page.getByLabel("Event organiser").check();
  await page.getByRole("button", { name: "Sign up" }).click();
  // Password hashing is slow on a loaded machine.
  await expect(page).toHaveURL("/bookings", { timeout: 30_000 });
  return o;
}
