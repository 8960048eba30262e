// Issue 35 §1: the musician's own address is refused as the payer's however it is written.
import { expect, it } from "vitest";
import { mailboxOf } from "./payer.server";

it("Gmail's dots, +tags and googlemail.com are one inbox; other domains keep their dots", () => {
  const own = mailboxOf("Tayo.Ade@gmail.com");
  for (const other of [
    "tayoade@gmail.com",
    "tayoade+x@gmail.com",
    "tayoade@googlemail.com",
    " TAYO.ADE+band@GoogleMail.com ",
  ])
    expect(mailboxOf(other)).toBe(own);
  expect(mailboxOf("tayo.ade@example.com")).not.toBe(mailboxOf("tayoade@example.com"));
  expect(mailboxOf("tayo.ade+x@example.com")).toBe(mailboxOf("Tayo.Ade@example.com"));
  expect(mailboxOf("tayoade@gmail.com")).not.toBe(mailboxOf("tayoade@gmail.co"));
});
