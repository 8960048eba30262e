import { renderToString } from "react-dom/server";
import { expect, it } from "vitest";
import { privacySections } from "./privacy-sections";

it("says who sends booking texts by SMS and WhatsApp and that replying STOP ends them (phone walk 3)", () => {
  const sections = privacySections({ email: "help@stagebook.test", phone: "0800 123 4567" });
  const texts = sections.find((s) => s.id === "booking-texts");
  expect(texts?.title).toBe("Booking texts by SMS and WhatsApp");
  const body = renderToString(<>{texts?.body}</>)
    .replace(/<!-- -->|<[^>]+>/g, "")
    .replace(/&quot;/g, '"');
  expect(body).toContain('sender name "Stagebook"');
  expect(body).toContain("Termii");
  expect(body).toContain("WhatsApp Business Platform");
  expect(body).toContain("Reply STOP to any of our SMS and we send you no more texts");
  expect(body).toContain("Never marketing");
});
