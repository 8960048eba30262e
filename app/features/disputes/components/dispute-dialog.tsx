import { lazy, Suspense, useState } from "react";
import { Button } from "~/components/ui/button";

const DisputeFormDialog = lazy(() => import("./dispute-form-dialog"));

/** Dispute Booking (spec §2): a dialog for this booking; after success the page shows "Disputed". */
export function DisputeDialog({
  slug,
  disabled,
  heldKobo = null,
  contact = null,
}: {
  slug: string;
  disabled: boolean;
  heldKobo?: number | null;
  /** A signed-in organiser's own name and phone, which the form starts from. */
  contact?: { name: string; phone: string } | null;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        disabled={disabled}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Dispute Booking
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <DisputeFormDialog
            slug={slug}
            open={open}
            setOpen={setOpen}
            heldKobo={heldKobo}
            contact={contact}
          />
        </Suspense>
      )}
    </>
  );
}
