import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NO_SUPPORT_CONTACT_YET } from "./support-contact-line";
import { termsSections } from "./terms-sections";

function contactSection(contact: { email: string; phone: string }): string {
  const section = termsSections(contact).find((s) => s.id === "contact");
  return renderToString(<>{section?.body}</>).replace(/<!-- -->/g, "");
}

describe("Terms §14 Contact us (phone walk 2)", () => {
  it("gives SUPPORT_EMAIL and SUPPORT_PHONE when they are set", () => {
    const out = contactSection({ email: "help@stagebook.test", phone: "0800 123 4567" });
    expect(out).toContain('href="mailto:help@stagebook.test"');
    expect(out).toContain('href="tel:08001234567"');
    expect(out).not.toContain(NO_SUPPORT_CONTACT_YET);
  });

  it("with neither set, says how to reach us through the site instead of nowhere", () => {
    const out = contactSection({ email: "", phone: "" });
    expect(out).toContain(NO_SUPPORT_CONTACT_YET);
    expect(out).toContain("Dispute Booking");
    expect(out).toContain("put your own account back in your wallet");
    expect(out).not.toContain("mailto:");
  });
});
