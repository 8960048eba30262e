import { useEffect, useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { buttonVariants } from "~/components/ui/button";
import { FilePicker } from "~/components/ui/file-picker";
import { useHydrated } from "~/features/bookings/components/use-hydrated";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast";
import { type MediaKind, maxBytesFor } from "../media.schema";

/**
 * A one-file multipart form that uploads as soon as a file is chosen. The size check here only saves
 * a pointless upload on a slow connection; the server enforces the same limit while streaming.
 *
 * Before the page's JavaScript runs it is a plain HTML form: choosing a file works natively and a
 * visible Upload button posts it. A file chosen then but not yet posted is uploaded as soon as the
 * page hydrates, so nothing chosen early is lost.
 */
export function FileUploadForm({
  kind,
  tab,
  accept,
  label,
  tooLargeMessage,
  tooLargeDescription,
  children,
}: {
  kind: MediaKind;
  tab: string;
  accept: string;
  label: string;
  tooLargeMessage: string;
  tooLargeDescription?: string;
  children?: React.ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const answer = useActionData<{ intent?: string; toast?: { type: string; message: string } }>();
  const busy = navigation.state !== "idle" && navigation.formAction?.includes(`media=${kind}`);
  const inputId = `upload-${kind}`;
  // A plain form post (before hydration) answers with the page itself: show its outcome inline.
  const plainOutcome = !hydrated && answer?.intent === kind ? answer.toast : undefined;

  const send = (chosen: HTMLInputElement) => {
    const file = chosen.files?.[0];
    if (!file) return;
    if (file.size > maxBytesFor(kind)) {
      toast.error(tooLargeMessage, { description: tooLargeDescription });
      chosen.value = "";
      return;
    }
    form.current?.requestSubmit();
  };
  const sendRef = useRef(send);
  sendRef.current = send;
  // Replays a choice made before hydration (its change event fired before the handler was attached).
  useEffect(() => {
    if (input.current?.files?.length) sendRef.current(input.current);
  }, []);

  return (
    <Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      action={`?tab=${tab}&media=${kind}`}
      className="grid gap-2"
    >
      <IdempotencyKeyField renewOn={answer} />
      {children}
      <FilePicker
        inputRef={input}
        id={inputId}
        name="file"
        accept={accept}
        required={!hydrated}
        disabled={busy}
        busy={busy}
        label={busy ? "Uploading..." : label}
        onChange={send}
      />
      {!hydrated && (
        <button type="submit" className={cn(buttonVariants({ size: "sm" }), "justify-self-start")}>
          Upload
        </button>
      )}
      {plainOutcome && (
        <p role="status" className={plainOutcome.type === "error" ? "text-destructive" : "text-emerald-700"}>
          {plainOutcome.message}
        </p>
      )}
    </Form>
  );
}
