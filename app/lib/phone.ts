// Nigerian phone numbers as people write them: "0803 123 4567", "08031234567", "+234 803 123 4567",
// "234-803-123-4567", "(0803) 123 4567". Mobile numbers are 0 + 10 digits starting 7, 8 or 9;
// landlines (e.g. Lagos 01) are accepted as 0 + 8 to 10 digits.

export const PHONE_ERROR = "Enter a Nigerian phone number, e.g. 0803 123 4567";

export type PhoneResult = { ok: true; national: string; e164: string } | { ok: false; error: string };

/** Text as typed → the number in national form ("08031234567") and E.164 ("+2348031234567"). */
export function parseNigerianPhone(text: string | null | undefined): PhoneResult {
  const raw = (text ?? "").trim();
  if (!/^[+\d\s().-]{7,25}$/.test(raw)) return { ok: false, error: PHONE_ERROR };
  let digits = raw.replace(/\D/g, "");
  if (digits.startsWith("234")) digits = `0${digits.slice(3).replace(/^0/, "")}`;
  else if (raw.startsWith("+")) return { ok: false, error: PHONE_ERROR };
  const mobile = /^0[789][01]\d{8}$/.test(digits);
  const landline = /^0[1-9]\d{7,9}$/.test(digits) && !/^0[789][01]/.test(digits);
  if (!mobile && !landline) return { ok: false, error: PHONE_ERROR };
  return { ok: true, national: digits, e164: `+234${digits.slice(1)}` };
}

/** "tel:", and a WhatsApp link for numbers that can have one, for contact details shown to a musician. */
export function phoneLinks(text: string): { tel: string; whatsapp: string | null } {
  const r = parseNigerianPhone(text);
  if (!r.ok) return { tel: `tel:${text.replace(/[^\d+]/g, "")}`, whatsapp: null };
  const mobile = /^0[789]/.test(r.national);
  return { tel: `tel:${r.e164}`, whatsapp: mobile ? `https://wa.me/${r.e164.slice(1)}` : null };
}

/** "0803 123 4567" for a stored national mobile number; anything else as it was written. */
export function displayPhone(phone: string): string {
  const m = /^(0\d{3})(\d{3})(\d{4})$/.exec(phone);
  return m ? `${m[1]} ${m[2]} ${m[3]}` : phone;
}
