// Test data the dashboard specs need but no screen of this issue creates: finished musician profiles
// for the marketplace search. Written straight into the e2e server's embedded database (port in
// postmaster.pid, password beside it).
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { withDb } from "./support";

export interface SeededMusician {
  stageName: string;
  genres: string[];
  location: string;
  rateNaira: number;
}

/** Creates signed-up-looking musicians with active websites; returns their slugs. */
export async function seedActiveMusicians(list: SeededMusician[]): Promise<string[]> {
  return withDb(async (c) => {
    const slugs: string[] = [];
    for (const m of list) {
      const id = `e2e-${randomBytes(6).toString("hex")}`;
      const slug = `${m.stageName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomBytes(2).toString("hex")}`;
      await c.query(
        `INSERT INTO "user" (id, name, email, first_name, last_name) VALUES ($1, $2, $3, $4, 'Demo')`,
        [id, `${m.stageName} Demo`, `${id}@example.com`, m.stageName.split(" ")[0]],
      );
      await c.query(
        `INSERT INTO musician_profiles (user_id, first_name, last_name, stage_name, slug, phone_number, website_active,
           location, hourly_rate_kobo, genres, performance_roles, event_types)
         VALUES ($1, $2, 'Demo', $3, $4, '08030000000', true, $5, $6, $7, ARRAY['Vocalist'], ARRAY['Wedding'])`,
        [id, m.stageName.split(" ")[0], m.stageName, slug, m.location, m.rateNaira * 100, m.genres],
      );
      slugs.push(slug);
    }
    return slugs;
  });
}

export async function expectToast(page: Page, text: string) {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible();
}

/** The musician's own dashboard slug: the profile id until a website URL is set. */
export async function dashboardSlugOf(page: Page): Promise<string> {
  await page.goto("/musician_dashboard");
  const href = await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Upcoming" })
    .getAttribute("href");
  return href!.split("/").pop()!;
}
