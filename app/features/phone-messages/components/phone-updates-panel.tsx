import { Form, useLocation, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { PHONE_UPDATES_TITLE, type PhoneUpdatesState } from "../phone-updates";

/**
 * "Booking updates by SMS or WhatsApp": on by default, off with one tap. On an account the channel can
 * be chosen; on a booking page only this booking's updates are turned off or on.
 */
export function PhoneUpdatesPanel({
  state,
  scope,
  slug,
}: {
  state: PhoneUpdatesState | null;
  scope: "account" | "booking";
  slug?: string;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.formAction === "/phone-updates";
  return (
    <section aria-labelledby="phone-updates-title" className="grid gap-3 rounded-lg border p-4">
      <h2 id="phone-updates-title" className="text-lg font-semibold">
        {PHONE_UPDATES_TITLE}
      </h2>
      {!state ? (
        <p className="text-sm text-muted-foreground">
          Add a Nigerian mobile number to your account to get a text when a booking is requested, confirmed or
          paid.
        </p>
      ) : (
        <Form method="post" action="/phone-updates" className="grid gap-3">
          <input type="hidden" name="scope" value={scope} />
          {slug && <input type="hidden" name="slug" value={slug} />}
          <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
          <p className="text-sm" data-testid="phone-updates-status">
            {state.enabled
              ? `On: texts about ${scope === "booking" ? "this booking" : "your bookings"} go to ${state.phone} by ${state.channel === "whatsapp" ? "WhatsApp" : "SMS"}. Never marketing.`
              : `Off${state.stoppedByReply ? ", turned off by your STOP reply" : state.offByLink ? ", turned off by someone with the booking link" : ""}: no texts about ${scope === "booking" ? "this booking" : "your bookings"} go to ${state.phone}.`}
          </p>
          {scope === "account" && (
            <fieldset className="flex flex-wrap gap-4 text-sm">
              <legend className="sr-only">Send updates by</legend>
              <label className="flex items-center gap-2">
                <input type="radio" name="channel" value="sms" defaultChecked={state.channel === "sms"} /> SMS
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="channel"
                  value="whatsapp"
                  defaultChecked={state.channel === "whatsapp"}
                />{" "}
                WhatsApp
              </label>
            </fieldset>
          )}
          <div className="flex flex-wrap gap-2">
            {state.enabled ? (
              <>
                {scope === "account" && (
                  <Button type="submit" name="enabled" value="on" variant="outline" disabled={busy}>
                    Save channel
                  </Button>
                )}
                <Button type="submit" name="enabled" value="off" variant="outline" disabled={busy}>
                  Turn off
                </Button>
              </>
            ) : (
              <Button type="submit" name="enabled" value="on" disabled={busy}>
                Turn on
              </Button>
            )}
          </div>
        </Form>
      )}
    </section>
  );
}
