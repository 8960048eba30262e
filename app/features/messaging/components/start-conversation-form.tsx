import { MessageSquareIcon } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * "Message": a small form that starts (or opens) a conversation with a POST, so following a link or a
 * prefetch never creates one. `action` is the Messages page of whoever is asking.
 */
export function StartConversationForm({
  action,
  fields,
  label = "Message",
  size = "sm",
  variant = "outline",
}: {
  action: string;
  fields: { musicianSlug?: string; requestId?: string; bookingId?: string };
  label?: string;
  size?: "sm" | "lg" | "default";
  variant?: "outline" | "default" | "ghost";
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value="start" />
      {Object.entries(fields).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <Button type="submit" size={size} variant={variant}>
        <MessageSquareIcon aria-hidden />
        {label}
      </Button>
    </Form>
  );
}
