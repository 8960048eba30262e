import { NativeDialog } from "~/components/ui/native-dialog";

/** Only what SUPPORT_EMAIL / SUPPORT_PHONE set; an unset one is empty and not shown. */
export interface SupportContact {
  email: string;
  phone: string;
}

/** "Contact us": the support address and phone, opened from the footer's Contact. */
export default function ContactUsDialog({
  support,
  open,
  onOpenChange,
}: {
  support: SupportContact;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <NativeDialog
      open={open}
      onOpenChange={onOpenChange}
      label="Contact us"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border"
    >
      <h2 className="text-lg font-semibold">Contact us</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Our support team answers every message within one working day.
      </p>
      <dl className="mt-4 grid gap-2 text-sm">
        {support.email && (
          <div>
            <dt className="font-medium">Email</dt>
            <dd>
              <a className="break-all text-primary underline" href={`mailto:${support.email}`}>
                {support.email}
              </a>
            </dd>
          </div>
        )}
        {support.phone && (
          <div>
            <dt className="font-medium">Phone</dt>
            <dd>
              <a className="text-primary underline" href={`tel:${support.phone.replace(/\s/g, "")}`}>
                {support.phone}
              </a>
            </dd>
          </div>
        )}
      </dl>
    </NativeDialog>
  );
}
