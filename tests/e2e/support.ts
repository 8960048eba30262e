import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import pg from "pg";

export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? ".data-e2e");
export const OUTBOX = path.join(E2E_DATA_DIR, "outbox");

/** A client on the e2e server's embedded database (its port is in postmaster.pid, its password beside it). */
export async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const password = fs.readFileSync(path.join(E2E_DATA_DIR, "postgres-password"), "utf8").trim();
  const port = fs
    .readFileSync(path.join(E2E_DATA_DIR, "postgres", "postmaster.pid"), "utf8")
    .split("\n")[3]!
    .trim();
  const client = new pg.Client({
    connectionString: `postgres://postgres:${password}@127.0.0.1:${port}/stagebook`,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function uniqueEmail(prefix = "musician"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export interface E2EMusician {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let visitorCounter = 0;
/**
 * Makes the page a visitor of its own: the server trusts X-Forwarded-For from loopback, and sign-up is
 * limited to 30 a minute per address, a limit the whole suite's sign-ups from one address would meet.
 */
export async function asNewVisitor(page: Page): Promise<void> {
  visitorCounter += 1;
  const r = randomBytes(2);
  await page.setExtraHTTPHeaders({
    "x-forwarded-for": `10.${200 + ((process.pid + visitorCounter) % 50)}.${r[0]}.${r[1]}`,
  });
}

/** Registers through the real form and waits for the dashboard (the website is live at once). */
export async function registerMusician(page: Page, over: Partial<E2EMusician> = {}): Promise<E2EMusician> {
  const m: E2EMusician = {
    firstName: over.firstName ?? "Chioma",
    lastName: over.lastName ?? "Okafor",
    email: over.email ?? uniqueEmail(),
    password: over.password ?? "afrobeats-2026",
  };
  await asNewVisitor(page);
  await page.goto("/register");
  await page.getByLabel("First name").fill(m.firstName);
  await page.getByLabel("Last name").fill(m.lastName);
  await page.getByLabel("Email").fill(m.email);
  await page.getByLabel("Password", { exact: true }).fill(m.password);
  await page.getByLabel("Phone number").fill("0803 123 4567");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL("/musician_dashboard", { timeout: 30_000 });
  // Signed in: works at any viewport (on phones the account links sit in the closed drawer).
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name.includes("session_token")))
    .toBe(true);
  return m;
}

export async function signIn(page: Page, m: Pick<E2EMusician, "email" | "password">): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(m.email);
  await page.getByLabel("Password").fill(m.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The newest .eml written to the outbox for `to` (containing `text` when given), waiting for it to appear. */
export async function latestMailTo(to: string, text?: string): Promise<string> {
  const safe = to.replace(/[^a-z0-9@._-]/gi, "_");
  for (let i = 0; i < 50; i++) {
    const files = fs.existsSync(OUTBOX)
      ? fs
          .readdirSync(OUTBOX)
          .filter((f) => f.endsWith(`-${safe}.eml`))
          .filter(
            (f) =>
              !text ||
              fs
                .readFileSync(path.join(OUTBOX, f), "utf8")
                .replace(/=\r?\n/g, "")
                .includes(text),
          )
      : [];
    if (files.length) return fs.readFileSync(path.join(OUTBOX, files.sort().at(-1)!), "utf8");
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} in ${OUTBOX}`);
}
