// Issue 22 §4: with the organiser's contact details hidden until payment, a request is still answered:
// the musician replies from the request card, and the signed-out requester reads it on their private
// /request/{token} page (told by e-mail) and answers there.
import { activateWebsite } from "./bookings-support";
import { expect, test } from "./fixtures";
import { asNewVisitor, latestMailTo, registerMusician, uniqueEmail } from "./support";

test("a musician replies to a signed-out requester, who reads it on /request/{token} and answers", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const musicianContext = await browser.newContext();
  const musician = await musicianContext.newPage();
  const m = await registerMusician(musician);
  const slug = await activateWebsite(m.email, "Ayo Sax");

  // A signed-out visitor sends a request from the public profile.
  const requesterEmail = uniqueEmail("requester");
  const requesterContext = await browser.newContext();
  const requester = await requesterContext.newPage();
  await asNewVisitor(requester);
  await requester.goto(`/musicians/${slug}`);
  await requester.getByRole("link", { name: "Request Booking" }).click();
  const form = requester.getByRole("dialog");
  await form.getByLabel("Your Name *").fill("Kemi Bello");
  await form.getByLabel("Event Type *").selectOption("birthday");
  await form.getByLabel("Event Date").fill("2099-05-01");
  await form.getByLabel("Email").fill(requesterEmail);
  await form.getByLabel("Phone Number").fill("0803 555 0101");
  await form.getByLabel("Event Duration *").selectOption("4");
  await form.getByLabel("Additional Details").fill("Text me on 0803 555 0101 for the venue address");
  await form.getByRole("button", { name: "Send Request" }).click();
  await expect(form.getByRole("heading", { name: "Request sent to Ayo Sax" })).toBeVisible();
  const statusPath = await form.getByRole("link", { name: "Follow your request" }).getAttribute("href");
  expect(statusPath).toMatch(/^\/request\/[0-9a-f]{64}$/);

  // The musician sees the request without the organiser's contact details, and replies in the app.
  await musician.goto(`/musician_bookingrequests/${slug}`);
  const card = musician
    .getByRole("listitem")
    .filter({ has: musician.getByRole("heading", { name: "Kemi Bello" }) });
  await expect(card.getByText("shared once the booking is paid", { exact: true })).toHaveCount(2);
  await expect(card.getByText(/0803 555 0101|08035550101/)).toHaveCount(0);
  await expect(
    card.getByText("Text me on [contact details hidden until booking is paid] for the venue address"),
  ).toBeVisible();
  await card
    .getByLabel("Reply to Kemi Bello")
    .fill("Happy to play! Is the venue indoors? My line is 0803 000 0000");
  await card.getByRole("button", { name: "Send reply" }).click();
  const replies = card.getByRole("region", { name: "Replies with Kemi Bello" });
  await expect(
    replies.getByText("Happy to play! Is the venue indoors? My line is 0803 000 0000"),
  ).toBeVisible();
  await expect(card.getByLabel("Reply to Kemi Bello")).toHaveValue("");

  // The requester is e-mailed that a reply is waiting, with the private link.
  const mail = (await latestMailTo(requesterEmail, "replied to your booking request")).replace(/=\r?\n/g, "");
  expect(mail).toContain("Ayo Sax replied to your booking request");
  expect(mail).toContain(statusPath!);

  // Signed out, on the private page: the reply, with the musician's number hidden.
  await requester.goto(statusPath!);
  await expect(
    requester.getByRole("heading", { name: "Ayo Sax replied: a reply is waiting below" }),
  ).toBeVisible();
  const thread = requester.getByRole("region", { name: "Replies" });
  await expect(
    thread.getByText(
      "Happy to play! Is the venue indoors? My line is [contact details hidden until booking is paid]",
    ),
  ).toBeVisible();
  await expect(requester.getByText("0803 000 0000")).toHaveCount(0);
  await requester.getByLabel("Your answer to Ayo Sax").fill("Yes, indoors, about 80 guests.");
  await requester.getByRole("button", { name: "Send" }).click();
  await expect(thread.getByText("Yes, indoors, about 80 guests.")).toBeVisible();
  await expect(requester.getByLabel("Your answer to Ayo Sax")).toHaveValue("");

  // The musician reads the answer on the card.
  await musician.reload();
  await expect(card.getByText("Yes, indoors, about 80 guests.")).toBeVisible();

  await musicianContext.close();
  await requesterContext.close();
});
