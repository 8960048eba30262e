import type { Shown } from "~/features/messaging/contact-boundary";
// Issue 30 §4-5: a message is stored once per event, side and channel (also when two hosts queue it at
// once), sent by its job to the person's channel, retried on a provider error, held through the Lagos
// night, skipped once its number said STOP or turned updates off; delivery reports and STOP arrive on
// signed webhooks (a bad signature refused).

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { db, pool } from "~/server/db.server";
import { publicOrigin } from "~/server/env.server";
import { stopJobs } from "~/server/jobs/jobs.server";
import { PHONE_MAX_ATTEMPTS, queuePhoneMessage, sendPhoneMessage } from "./phone-messages.server";
import { phoneOutbox } from "./phone-test-support";
import { handleTermiiWebhook, handleWhatsAppWebhook } from "./phone-webhooks.server";
import termiiReport from "./providers/fixtures/termii-delivery-report.json";
import termiiInbound from "./providers/fixtures/termii-inbound.json";
import whatsappInbound from "./providers/fixtures/whatsapp-inbound.json";
import whatsappStatuses from "./providers/fixtures/whatsapp-statuses.json";
import { phoneOutboxDir } from "./providers/outbox-stand-in.server";
import { saveConsent } from "./queries.server";
import { termiiSignature, whatsappSignature } from "./webhook-signatures.server";

// The tests' names stand for text already through the contact boundary (ADR 0028), as the app passes it.
const shown = (text: string) => text as Shown;

afterAll(async () => {
  await stopJobs();
});

/** A fresh Nigerian mobile number, as people type it and as stored (+234…). */
function number() {
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  return { typed: `0803 ${rest.slice(0, 3)} ${rest.slice(3)}`, e164: `+234803${rest}` };
}

const vars = {
  link: "https://stagebook.ng/booking/k3n9x2qa",
  client: shown("Chiamaka Okafor"),
  event: shown("Wedding"),
  date: "2026-12-14",
};
const day = new Date("2026-12-14T12:00:00+01:00");

async function row(id: string) {
  const { rows } = await pool().query(
    "SELECT status, channel, attempts, last_error, send_after, provider_message_id, template, text FROM phone_messages WHERE id = $1",
    [id],
  );
  return rows[0];
}

describe("queueing and sending", () => {
  it("stores one message per event, side and channel, even when two hosts queue it at once", async () => {
    const { typed, e164 } = number();
    const key = `booking_confirmed:${randomBytes(4).toString("hex")}`;
    const input = {
      event: "booking_confirmed" as const,
      eventKey: key,
      side: "musician" as const,
      phone: typed,
      vars,
    };
    const ids = await Promise.all([queuePhoneMessage(db, input, day), queuePhoneMessage(db, input, day)]);
    expect(ids.filter(Boolean)).toHaveLength(1);
    expect(await queuePhoneMessage(db, input, day)).toBeNull();
    const id = ids.find(Boolean) as string;
    expect(await sendPhoneMessage({ id }, day)).toBe("sent");
    expect(await sendPhoneMessage({ id }, day)).toBe("done");
    expect(phoneOutbox(e164)).toEqual([
      {
        channel: "sms",
        to: e164,
        text: "Chiamaka Okafor confirmed your booking for Wedding, 14 Dec 2026. https://stagebook.ng/booking/k3n9x2qa",
        event: "booking_confirmed",
      },
    ]);
    expect(await row(id)).toMatchObject({
      status: "sent",
      attempts: 1,
      provider_message_id: `stand-in-${id}`,
    });
  });

  it("refuses numbers it cannot text (none, a landline, junk)", async () => {
    for (const phone of [null, "", "01 234 5678", "12345"]) {
      const id = await queuePhoneMessage(db, {
        event: "booking_confirmed",
        eventKey: `x:${randomBytes(4).toString("hex")}`,
        side: "musician",
        phone,
        vars,
      });
      expect(id).toBeNull();
    }
  });

  it("retries a provider error with the queue's backoff, then marks it failed after the last try", async () => {
    const { typed, e164 } = number();
    const id = (await queuePhoneMessage(
      db,
      {
        event: "paid",
        eventKey: `paid:${randomBytes(4).toString("hex")}`,
        side: "client",
        phone: typed,
        vars: { ...vars, musician: shown("Tunde Sax"), amountKobo: 9_450_000 },
      },
      day,
    )) as string;
    // The outbox cannot be written: the stand-in fails as a provider would.
    fs.rmSync(phoneOutboxDir(), { recursive: true, force: true });
    fs.writeFileSync(phoneOutboxDir(), "not a directory");
    await expect(sendPhoneMessage({ id }, day)).rejects.toThrow(/not sent yet/);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 1 });
    fs.rmSync(phoneOutboxDir());
    expect(await sendPhoneMessage({ id }, day)).toBe("sent");
    expect(phoneOutbox(e164)).toHaveLength(1);

    const other = (await queuePhoneMessage(
      db,
      {
        event: "paid",
        eventKey: `paid:${randomBytes(4).toString("hex")}`,
        side: "client",
        phone: number().typed,
        vars: { ...vars, musician: shown("Tunde Sax"), amountKobo: 9_450_000 },
      },
      day,
    )) as string;
    await pool().query("UPDATE phone_messages SET attempts = $2 WHERE id = $1", [
      other,
      PHONE_MAX_ATTEMPTS - 1,
    ]);
    fs.writeFileSync(`${phoneOutboxDir()}/${other}.json`, "");
    fs.mkdirSync(`${phoneOutboxDir()}/${other}.json.tmp`);
    expect(await sendPhoneMessage({ id: other }, day)).toBe("failed");
    expect(await row(other)).toMatchObject({ status: "failed", attempts: PHONE_MAX_ATTEMPTS });
    fs.rmSync(`${phoneOutboxDir()}/${other}.json.tmp`, { recursive: true });
    fs.rmSync(`${phoneOutboxDir()}/${other}.json`);
  });

  it("holds a booking event through the Lagos night, but not a payment", async () => {
    const night = new Date("2026-12-14T22:30:00+01:00");
    const held = (await queuePhoneMessage(
      db,
      {
        event: "booking_confirmed",
        eventKey: `c:${randomBytes(4).toString("hex")}`,
        side: "musician",
        phone: number().typed,
        vars,
      },
      night,
    )) as string;
    expect((await row(held)).send_after).toEqual(new Date("2026-12-15T07:00:00+01:00"));
    expect(await sendPhoneMessage({ id: held }, night)).toBe("not-due");
    const paid = (await queuePhoneMessage(
      db,
      {
        event: "paid",
        eventKey: `p:${randomBytes(4).toString("hex")}`,
        side: "client",
        phone: number().typed,
        vars: { ...vars, musician: shown("Tunde Sax"), amountKobo: 100 },
      },
      night,
    )) as string;
    expect((await row(paid)).send_after).toEqual(night);
  });

  it("a text held for the night goes by the channel chosen when it is sent, once (phone walk 3)", async () => {
    const { typed, e164 } = number();
    const night = new Date("2026-12-14T06:48:00+01:00");
    const morning = new Date("2026-12-14T07:00:01+01:00");
    const input = {
      event: "request_received" as const,
      eventKey: `r:${randomBytes(4).toString("hex")}`,
      side: "musician" as const,
      phone: typed,
      vars,
    };
    const held = (await queuePhoneMessage(db, input, night)) as string;
    expect(await row(held)).toMatchObject({ channel: "sms", template: null });
    await saveConsent(e164, { channel: "whatsapp" }, "account");
    // The same event queued again after the switch (a retried job) is still the one message.
    expect(await queuePhoneMessage(db, input, night)).toBeNull();
    expect(await sendPhoneMessage({ id: held }, morning)).toBe("sent");
    expect(await row(held)).toMatchObject({ channel: "whatsapp", template: "booking_request_received" });
    expect(phoneOutbox(e164)).toEqual([
      {
        channel: "whatsapp",
        to: e164,
        text: "New booking request from Chiamaka Okafor for Wedding on 14 Dec 2026. Open it to accept or decline: https://stagebook.ng/booking/k3n9x2qa",
        event: "request_received",
      },
    ]);
  });

  it("uses WhatsApp's template for a person who chose it", async () => {
    const { typed, e164 } = number();
    await saveConsent(e164, { channel: "whatsapp" }, "account");
    const id = (await queuePhoneMessage(
      db,
      {
        event: "paid",
        eventKey: `p:${randomBytes(4).toString("hex")}`,
        side: "client",
        phone: typed,
        vars: { ...vars, musician: shown("Tunde Sax"), amountKobo: 9_450_000 },
      },
      day,
    )) as string;
    expect(await row(id)).toMatchObject({ channel: "whatsapp", template: "booking_paid_receipt" });
    await sendPhoneMessage({ id }, day);
    expect(phoneOutbox(e164)).toEqual([
      {
        channel: "whatsapp",
        to: e164,
        text: "Receipt: you paid ₦94,500 for Tunde Sax at Wedding on 14 Dec 2026. Stagebook holds it in escrow until after your event. https://stagebook.ng/booking/k3n9x2qa",
        event: "paid",
      },
    ]);
  });
});

const OK = { status: 200, message: "OK" };
const origin = publicOrigin();
async function stopAnswersTo(phone: string): Promise<string[]> {
  const { rows } = await pool().query<{ id: string }>(
    "SELECT id FROM phone_messages WHERE to_phone = $1 AND event = 'updates_stopped'",
    [phone],
  );
  return rows.map((r) => r.id);
}

describe("webhooks", () => {
  const termii = (body: object, sign = true) => {
    const raw = Buffer.from(JSON.stringify(body));
    return handleTermiiWebhook(raw, sign ? termiiSignature(raw) : "0".repeat(128));
  };
  const whatsapp = (body: object, sign = true) => {
    const raw = Buffer.from(JSON.stringify(body));
    return handleWhatsAppWebhook(raw, sign ? whatsappSignature(raw) : `sha256=${"0".repeat(64)}`);
  };

  it("STOP by SMS turns the number's updates off: nothing more is queued, and what was queued is not sent", async () => {
    const { typed, e164 } = number();
    const queued = (await queuePhoneMessage(
      db,
      {
        event: "booking_confirmed",
        eventKey: `c:${randomBytes(4).toString("hex")}`,
        side: "musician",
        phone: typed,
        vars,
      },
      day,
    )) as string;
    expect(await termii({ ...termiiInbound, sender: e164.slice(1), message: "STOP" }, false)).toEqual({
      status: 401,
      message: "Invalid signature",
    });
    expect(await termii({ ...termiiInbound, sender: e164.slice(1), message: " stop " })).toEqual({
      status: 200,
      message: "OK",
    });
    expect(await sendPhoneMessage({ id: queued }, day)).toBe("skipped");
    expect(phoneOutbox(e164)).toEqual([]);
    // Answered once, by SMS (phone walk 3: no text acknowledged it); a second STOP gets no second answer.
    expect(await termii({ ...termiiInbound, sender: e164.slice(1), message: "STOP" })).toEqual(OK);
    const answers = await stopAnswersTo(e164);
    expect(answers).toHaveLength(1);
    expect(await sendPhoneMessage({ id: answers[0]! }, day)).toBe("sent");
    expect(phoneOutbox(e164)).toEqual([
      {
        channel: "sms",
        to: e164,
        text: `Stagebook: you replied STOP, so we send you no more booking texts. E-mails continue. Turn texts on again: ${origin}/privacy#booking-texts`,
        event: "updates_stopped",
      },
    ]);
    expect(
      await queuePhoneMessage(
        db,
        {
          event: "paid",
          eventKey: `p:${randomBytes(4).toString("hex")}`,
          side: "musician",
          phone: typed,
          vars,
        },
        day,
      ),
    ).toBeNull();
  });

  it("STOP by WhatsApp turns the number's updates off, as by SMS; a bad signature or another word changes nothing", async () => {
    const { typed, e164 } = number();
    await saveConsent(e164, { channel: "whatsapp" }, "account");
    const queue = (key: string) =>
      queuePhoneMessage(
        db,
        {
          event: "booking_confirmed",
          eventKey: `${key}:${randomBytes(4).toString("hex")}`,
          side: "musician",
          phone: typed,
          vars,
        },
        day,
      );
    const inbound = (text: object) => {
      const body = JSON.parse(JSON.stringify(whatsappInbound));
      Object.assign(body.entry[0].changes[0].value.messages[0], { from: e164.slice(1) }, text);
      return body;
    };
    const queued = (await queue("c")) as string;
    expect(await whatsapp(inbound({ text: { body: "STOP" } }), false)).toEqual({
      status: 401,
      message: "Invalid signature",
    });
    expect(await whatsapp(inbound({ text: { body: "Thanks, see you Saturday" } }))).toEqual({
      status: 200,
      message: "OK",
    });
    expect(await queue("still-on")).not.toBeNull();
    expect(await whatsapp(inbound({ text: { body: "Stop." } }))).toEqual({ status: 200, message: "OK" });
    expect(await sendPhoneMessage({ id: queued }, day)).toBe("skipped");
    expect(phoneOutbox(e164)).toEqual([]);
    expect(await queue("after-stop")).toBeNull();
    // The answer goes back by WhatsApp, the way the STOP came.
    const [stopAnswer] = await stopAnswersTo(e164);
    expect(await sendPhoneMessage({ id: stopAnswer! }, day)).toBe("sent");
    expect(phoneOutbox(e164)).toMatchObject([{ channel: "whatsapp", event: "updates_stopped" }]);
    const { rows } = await pool().query("SELECT enabled, changed_by FROM phone_consents WHERE phone = $1", [
      e164,
    ]);
    expect(rows).toEqual([{ enabled: false, changed_by: "stop" }]);
  });

  it("STOP on a WhatsApp quick-reply button also turns updates off", async () => {
    const { e164 } = number();
    const body = JSON.parse(JSON.stringify(whatsappInbound));
    body.entry[0].changes[0].value.messages[0] = {
      from: e164.slice(1),
      id: "wamid.button",
      timestamp: "1750857400",
      type: "button",
      button: { text: "STOP", payload: "stop" },
    };
    expect(await whatsapp(body)).toEqual({ status: 200, message: "OK" });
    const { rows } = await pool().query("SELECT enabled FROM phone_consents WHERE phone = $1", [e164]);
    expect(rows).toEqual([{ enabled: false }]);
  });

  it("Termii's delivery report marks the message delivered; a bad signature is refused", async () => {
    const id = (await queuePhoneMessage(
      db,
      {
        event: "booking_confirmed",
        eventKey: `c:${randomBytes(4).toString("hex")}`,
        side: "musician",
        phone: number().typed,
        vars,
      },
      day,
    )) as string;
    await sendPhoneMessage({ id }, day);
    const report = { ...termiiReport, message_id: `stand-in-${id}` };
    expect((await termii(report, false)).status).toBe(401);
    expect((await row(id)).status).toBe("sent");
    expect(await termii(report)).toEqual({ status: 200, message: "OK" });
    expect((await row(id)).status).toBe("delivered");
    // A late "failed" never undoes a delivery.
    await termii({ ...report, status: "Message Failed" });
    expect((await row(id)).status).toBe("delivered");
  });

  it("WhatsApp's status webhook marks delivered or failed; a bad or missing signature is refused", async () => {
    const { e164 } = number();
    await saveConsent(e164, { channel: "whatsapp" }, "account");
    const id = (await queuePhoneMessage(
      db,
      {
        event: "booking_confirmed",
        eventKey: `c:${randomBytes(4).toString("hex")}`,
        side: "musician",
        phone: e164,
        vars,
      },
      day,
    )) as string;
    await sendPhoneMessage({ id }, day);
    const statuses = JSON.parse(JSON.stringify(whatsappStatuses));
    statuses.entry[0].changes[0].value.statuses[0].id = `stand-in-${id}`;
    expect((await whatsapp(statuses, false)).status).toBe(401);
    expect((await handleWhatsAppWebhook(Buffer.from(JSON.stringify(statuses)), undefined)).status).toBe(401);
    expect(await whatsapp(statuses)).toEqual({ status: 200, message: "OK" });
    expect((await row(id)).status).toBe("delivered");

    const failing = (await queuePhoneMessage(
      db,
      {
        event: "review_waiting",
        eventKey: `r:${randomBytes(4).toString("hex")}`,
        side: "musician",
        phone: e164,
        vars,
      },
      day,
    )) as string;
    await sendPhoneMessage({ id: failing }, day);
    statuses.entry[0].changes[0].value.statuses[0] = {
      id: `stand-in-${failing}`,
      status: "failed",
      timestamp: "1750857384",
      recipient_id: e164.slice(1),
      errors: [{ code: 131026, title: "Message undeliverable" }],
    };
    await whatsapp(statuses);
    expect(await row(failing)).toMatchObject({
      status: "failed",
      last_error: "131026 Message undeliverable",
    });
  });
});
