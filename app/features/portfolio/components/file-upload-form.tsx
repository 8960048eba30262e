import { UploadIcon } from "lucide-react";
import { useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast";
import { type MediaKind, maxBytesFor } from "../media.schema";

/**
 * A one-file multipart form that uploads as soon as a file is chosen. The size check here only saves
 * a pointless upload on a slow connection; the server enforces the same limit while streaming.
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
  const navigation = useNavigation();
  const answer = useActionData();
  const busy = navigation.state !== "idle" && navigation.formAction?.includes(`media=${kind}`);
  const inputId = `upload-${kind}`;
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
      <input
        id={inputId}
        name="file"
        type="file"
        accept={accept}
        className="peer sr-only"
        disabled={busy}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (!file) return;
          if (file.size > maxBytesFor(kind)) {
            toast.error(tooLargeMessage, { description: tooLargeDescription });
            e.currentTarget.value = "";
            return;
          }
          form.current?.requestSubmit();
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
          busy && "pointer-events-none opacity-60",
        )}
      >
        <UploadIcon aria-hidden />
        {busy ? "Uploading..." : label}
      </label>
      <noscript>
        <button type="submit" className={buttonVariants({ size: "sm" })}>
          Upload
        </button>
      </noscript>
    </Form>
  );
}
