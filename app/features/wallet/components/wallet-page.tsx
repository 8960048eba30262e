import { Form, Link, useNavigation } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { TextField } from "~/components/ui/text-field";
import { NativeSelect } from "~/features/dashboard/components/native-select";
import { formatNaira } from "~/lib/money";
import { type ActionToast, useActionToast } from "~/lib/use-action-toast";
import { MIN_WITHDRAWAL_KOBO, type WalletActionResult } from "../wallet.schema";

export type WalletPageData = {
  availableKobo: number;
  inEscrowKobo: number;
  paidOutKobo: number;
  bankAccount: { bankName: string; accountNumber: string; accountName: string; verified: boolean } | null;
  banks: { name: string; code: string }[];
  banksError: string | null;
  payouts: {
    id: string;
    reference: string;
    amountKobo: number;
    status: string;
    bankName: string;
    accountNumber: string;
    note: string | null;
    createdAt: string;
  }[];
  history: {
    id: string;
    at: string;
    label: string;
    amountKobo: number;
    bookingSlug: string | null;
    bookingLabel: string | null;
  }[];
};

export type WalletActionData = WalletActionResult & ActionToast;

const PAYOUT_STATUS: Record<
  string,
  { label: string; variant: "default" | "secondary" | "destructive" | "outline" }
> = {
  pending: { label: "Pending", variant: "secondary" },
  paid: { label: "Paid out", variant: "default" },
  failed: { label: "Failed", variant: "destructive" },
  reversed: { label: "Reversed", variant: "destructive" },
};

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-NG", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Africa/Lagos",
  }).format(new Date(iso));

function Balance({ title, kobo, hint }: { title: string; kobo: number; hint: string }) {
  const id = `balance-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium">
          <h3>{title}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold" data-testid={id}>
          {formatNaira(kobo)}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

export function WalletPage({
  wallet,
  actionData,
}: {
  wallet: WalletPageData;
  actionData?: WalletActionData;
}) {
  useActionToast(actionData);
  const busy = useNavigation().state !== "idle";
  const errors = actionData?.ok === false ? (actionData.fieldErrors ?? {}) : {};
  const resolved = actionData?.intent === "resolve" && actionData.ok ? actionData.resolved : undefined;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">Wallet</h2>
        <p className="text-sm text-muted-foreground">
          Amounts are what you receive, after Stagebook's commission.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Balance title="Available" kobo={wallet.availableKobo} hint="Yours to withdraw now." />
        <Balance
          title="In escrow"
          kobo={wallet.inEscrowKobo}
          hint="Paid by clients; released after each event."
        />
        <Balance title="Paid out" kobo={wallet.paidOutKobo} hint="Sent to your bank account." />
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h3>Withdraw</h3>
            </CardTitle>
            <CardDescription>
              Minimum {formatNaira(MIN_WITHDRAWAL_KOBO)}, up to your Available balance.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {wallet.bankAccount ? (
              <Form method="post" noValidate className="grid gap-4">
                <input type="hidden" name="intent" value="withdraw" />
                <IdempotencyKeyField renewOn={actionData} />
                <TextField
                  name="amount"
                  label="Amount (₦)"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="e.g. 150,000"
                  error={errors.amount}
                  hint={`To ${wallet.bankAccount.bankName} ••${wallet.bankAccount.accountNumber.slice(-4)}`}
                />
                <Button type="submit" disabled={busy || wallet.availableKobo < MIN_WITHDRAWAL_KOBO}>
                  Withdraw
                </Button>
              </Form>
            ) : (
              <p className="text-sm text-muted-foreground">Add your bank account to withdraw.</p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h3>Bank account</h3>
            </CardTitle>
            <CardDescription>Payouts go to this Nigerian bank account.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {wallet.bankAccount && (
              <div className="rounded-md border p-3 text-sm" data-testid="saved-bank-account">
                <p className="font-medium">
                  {wallet.bankAccount.accountName}{" "}
                  {wallet.bankAccount.verified && (
                    <Badge variant="secondary">Name matches your profile</Badge>
                  )}
                </p>
                <p className="text-muted-foreground">
                  {wallet.bankAccount.bankName} · {wallet.bankAccount.accountNumber}
                </p>
              </div>
            )}
            {resolved ? (
              <Form method="post" className="grid gap-3">
                <input type="hidden" name="intent" value="save-bank" />
                <input type="hidden" name="bankCode" value={resolved.bankCode} />
                <input type="hidden" name="accountNumber" value={resolved.accountNumber} />
                <p className="text-sm">
                  {resolved.bankName} · {resolved.accountNumber}
                </p>
                <p className="text-sm">
                  Account name: <strong data-testid="resolved-account-name">{resolved.accountName}</strong>
                </p>
                <p className="text-sm text-muted-foreground">Is this your account?</p>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" disabled={busy}>
                    Save bank account
                  </Button>
                  <Button asChild variant="outline">
                    <Link to=".">Use a different account</Link>
                  </Button>
                </div>
              </Form>
            ) : wallet.banksError ? (
              <p role="alert" className="text-sm text-destructive">
                {wallet.banksError}
              </p>
            ) : (
              <Form method="post" noValidate className="grid gap-4">
                <input type="hidden" name="intent" value="resolve" />
                <div className="grid gap-2">
                  <Label htmlFor="bankCode">Bank</Label>
                  <NativeSelect
                    id="bankCode"
                    name="bankCode"
                    defaultValue=""
                    aria-invalid={errors.bankCode ? true : undefined}
                    aria-describedby={errors.bankCode ? "bankCode-error" : undefined}
                  >
                    <option value="" disabled>
                      Choose your bank
                    </option>
                    {wallet.banks.map((b) => (
                      <option key={b.code} value={b.code}>
                        {b.name}
                      </option>
                    ))}
                  </NativeSelect>
                  <FieldError id="bankCode-error" message={errors.bankCode} />
                </div>
                <TextField
                  name="accountNumber"
                  label="Account number (NUBAN)"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={10}
                  placeholder="10 digits"
                  error={errors.accountNumber}
                />
                <Button type="submit" variant={wallet.bankAccount ? "outline" : "default"} disabled={busy}>
                  {wallet.bankAccount ? "Change bank account" : "Check account"}
                </Button>
              </Form>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Payouts</h3>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {wallet.payouts.length === 0 ? (
            <p className="text-sm text-muted-foreground">No withdrawals yet.</p>
          ) : (
            <ul className="divide-y" aria-label="Payouts">
              {wallet.payouts.map((p) => {
                const status = PAYOUT_STATUS[p.status] ?? PAYOUT_STATUS.pending;
                return (
                  <li key={p.id} className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm">
                    <div className="min-w-0">
                      <p className="font-medium">{formatNaira(p.amountKobo)}</p>
                      <p className="text-muted-foreground">
                        {p.bankName} ••{p.accountNumber.slice(-4)} · {when(p.createdAt)}
                      </p>
                      {p.note && <p className="text-destructive">{p.note}</p>}
                    </div>
                    <Badge variant={status.variant}>{status.label}</Badge>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h3>History</h3>
          </CardTitle>
          <CardDescription>Every money event on your wallet, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {wallet.history.length === 0 ? (
            <p className="text-sm text-muted-foreground">No money has moved yet.</p>
          ) : (
            <ul className="divide-y" aria-label="Wallet history">
              {wallet.history.map((h) => (
                <li key={h.id} className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm">
                  <div className="min-w-0">
                    <p>{h.label}</p>
                    <p className="text-muted-foreground">
                      {when(h.at)}
                      {h.bookingSlug && (
                        <>
                          {" · "}
                          <Link className="underline" to={`/booking/${h.bookingSlug}`}>
                            {h.bookingLabel}
                          </Link>
                        </>
                      )}
                    </p>
                  </div>
                  <p className={h.amountKobo < 0 ? "font-medium" : "font-medium text-green-700"}>
                    {h.amountKobo > 0 ? "+" : "−"}
                    {formatNaira(Math.abs(h.amountKobo))}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
