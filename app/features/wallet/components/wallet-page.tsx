import { type PropsWithChildren, useEffect } from "react";
import { Form, Link, useNavigation, useParams, useRevalidator } from "react-router";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { NairaField } from "~/components/ui/naira-field";
import { TextField } from "~/components/ui/text-field";
import { NativeSelect } from "~/features/dashboard/components/native-select";
import { percentLabel } from "~/features/payments/fee-words";
import { formatNaira } from "~/lib/money";
import { formatNairaAmount } from "~/lib/naira";
import { useActionToast } from "~/lib/use-action-toast";
import { MIN_WITHDRAWAL_KOBO } from "../wallet.schema";
import { walletLineHref } from "../wallet-links";
import type { WalletActionData, WalletPageData } from "../wallet-page.server";

const STATUS_VARIANT: Record<string, "default" | "secondary" | "destructive"> = {
  Pending: "secondary",
  Held: "secondary",
  "Paid out": "default",
};

/** The automatic payout setting: one switch that posts (so it works before and without scripts). */
function AutoPayoutSetting({ wallet, busy }: { wallet: WalletPageData; busy: boolean }) {
  const on = wallet.autoPayout;
  const account = wallet.bankAccount;
  const state = !on
    ? "Off: released money stays in Available until you withdraw it."
    : account?.verified
      ? `On: each payment released to you goes to ${account.bankName} ••${account.accountNumber.slice(-4)} within a minute. Stagebook pays the bank transfer fee.`
      : "On, once your payout account is saved and the bank's name for it matches your profile.";
  return (
    <Form method="post" className="flex items-start justify-between gap-4 rounded-md border p-3">
      <input type="hidden" name="intent" value="auto-payout" />
      <input type="hidden" name="autoPayout" value={on ? "off" : "on"} />
      {/* Named "Automatic payouts" (the sentence describes it): a name with "bank" in it would also
          answer to the Bank field's label. */}
      <div className="grid gap-1 text-sm">
        <h3 id="auto-payout-label" className="font-medium">
          Automatic payouts
        </h3>
        <p id="auto-payout-what">Send released money to my bank automatically</p>
        <p className="text-muted-foreground" data-testid="auto-payout-state" id="auto-payout-state">
          {state}
        </p>
      </div>
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-labelledby="auto-payout-label"
        aria-describedby="auto-payout-what auto-payout-state"
        disabled={busy}
        className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-50 ${on ? "bg-primary" : "bg-input"}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block h-5 w-5 rounded-full bg-background shadow transition-transform ${on ? "translate-x-5" : "translate-x-0.5"}`}
        />
      </button>
    </Form>
  );
}

function Signed({ kobo, tone }: { kobo: number; tone: WalletPageData["history"][number]["tone"] }) {
  if (tone === "move" || tone === "returned")
    return (
      <p className={tone === "returned" ? "text-muted-foreground line-through" : "text-muted-foreground"}>
        {formatNairaAmount(Math.abs(kobo))}
      </p>
    );
  return (
    <p className={kobo < 0 ? "font-medium" : "font-medium text-green-700"}>
      {kobo < 0 ? "−" : "+"}
      {formatNairaAmount(Math.abs(kobo))}
    </p>
  );
}

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

/** One of the page's titled cards. */
function Section({ title, about, children }: PropsWithChildren<{ title: string; about: string }>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>{title}</h3>
        </CardTitle>
        <CardDescription>{about}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/**
 * While a payout is on its way (an automatic one goes within a minute of release), the page reads the
 * wallet again every few seconds, so "Pending" turns into "Paid out" without a tap. Only while visible.
 */
function useRefreshWhilePending(pending: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") revalidate();
    }, 3_000);
    return () => window.clearInterval(timer);
  }, [pending, revalidate]);
}

export function WalletPage({
  wallet,
  actionData,
}: {
  wallet: WalletPageData;
  actionData?: WalletActionData;
}) {
  useActionToast(actionData);
  useRefreshWhilePending(wallet.pendingPayoutKobo > 0);
  // The wallet's own slug: a line-up member's lines link to their Line-ups page under it.
  const slug = useParams().slug ?? "";
  const busy = useNavigation().state !== "idle";
  const errors = actionData?.ok === false ? (actionData.fieldErrors ?? {}) : {};
  // The confirmation of an account: after "Check account", and again after a wrong password.
  const resolved =
    actionData?.resolved &&
    ((actionData.intent === "resolve" && actionData.ok) ||
      (actionData.intent === "save-bank" && !actionData.ok))
      ? actionData.resolved
      : undefined;
  const review = actionData?.intent === "withdraw-review" && actionData.ok ? actionData.review : undefined;
  const commission = percentLabel(wallet.commissionBp);
  // Said beside the form too: a toast needs JavaScript, and this answer matters without it.
  const withdrawRefusal =
    (actionData?.intent === "withdraw-review" || actionData?.intent === "withdraw") && !actionData.ok
      ? actionData.message
      : undefined;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-xl font-semibold">Wallet</h2>
        <p className="text-sm text-muted-foreground" data-testid="wallet-commission">
          Amounts are what you receive: Stagebook keeps {commission} of each booking's price as commission.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Balance
          title="Available"
          kobo={wallet.availableKobo}
          hint={
            // During a card dispute the released share is not the musician's to withdraw (the probe).
            wallet.withdrawableKobo < wallet.availableKobo
              ? `${formatNairaAmount(wallet.withdrawableKobo)} yours to withdraw now; ${formatNairaAmount(wallet.availableKobo - wallet.withdrawableKobo)} held${wallet.disputedKobo > 0 ? " while a client's bank disputes a card payment" : " (test-mode money)"}.`
              : "Yours to withdraw now."
          }
        />
        <Balance
          title="In escrow"
          kobo={wallet.inEscrowKobo}
          hint="Paid by clients; released after each event."
        />
        <Balance title="Paid out" kobo={wallet.paidOutKobo} hint="Sent to your bank account." />
      </div>
      {wallet.escrow.length > 0 && (
        <section aria-labelledby="escrow-lines" className="rounded-md border p-3 text-sm sm:p-4">
          <h3 id="escrow-lines" className="font-semibold">
            In escrow, booking by booking
          </h3>
          <ul className="divide-y" data-testid="escrow-lines">
            {wallet.escrow.map((e) => (
              <li key={e.bookingId} className="flex items-start justify-between gap-3 py-2">
                <div className="min-w-0">
                  <Link className="underline" to={`/booking/${e.slug}`}>
                    {e.clientName}
                    {e.eventDate ? ` · ${e.eventDate}` : ""}
                  </Link>
                  <p className="text-muted-foreground">{e.line}</p>
                </div>
                <span className="shrink-0 font-medium tabular-nums">{formatNaira(e.musicianKobo)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <AutoPayoutSetting wallet={wallet} busy={busy} />

      <div className="grid gap-4 lg:grid-cols-2">
        <Section
          title="Withdraw"
          about={`Minimum ${formatNaira(MIN_WITHDRAWAL_KOBO)}, up to your Available balance.`}
        >
          {wallet.heldMessage && (
            <p
              role="status"
              className="rounded-md bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="payout-hold"
            >
              {wallet.heldMessage}
            </p>
          )}
          {withdrawRefusal && (
            <p role="alert" className="text-sm text-destructive">
              {withdrawRefusal}
            </p>
          )}
          {!wallet.bankAccount ? (
            <p className="text-sm text-muted-foreground">Add your bank account to withdraw.</p>
          ) : review ? (
            // The question is the server's answer to the amount typed, so it is asked the same way
            // before the page's scripts run and without them.
            <Form
              key="withdraw-confirm"
              method="post"
              className="grid gap-3"
              aria-labelledby="withdraw-question"
            >
              <input type="hidden" name="intent" value="withdraw" />
              <input type="hidden" name="amount" value={formatNairaAmount(review.amountKobo)} />
              <IdempotencyKeyField renewOn={actionData} />
              <p id="withdraw-question" className="text-base font-medium">
                {review.question}
              </p>
              <p className="text-sm text-muted-foreground">
                The money leaves your Available balance now and usually reaches your bank within minutes.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={busy}>
                  Yes, send {formatNairaAmount(review.amountKobo)}
                </Button>
                <Button asChild variant="outline">
                  <Link to="." replace>
                    Change amount
                  </Link>
                </Button>
              </div>
            </Form>
          ) : (
            <Form key="withdraw-amount" method="post" noValidate className="grid gap-4">
              <input type="hidden" name="intent" value="withdraw-review" />
              <NairaField
                name="amount"
                label="Amount"
                placeholder="e.g. 150,000"
                defaultValue={actionData?.ok === false ? actionData.amountText : undefined}
                error={errors.amount}
                hint={`To ${wallet.bankAccount.bankName} ••${wallet.bankAccount.accountNumber.slice(-4)}`}
              />
              <Button type="submit" disabled={busy || wallet.availableKobo < MIN_WITHDRAWAL_KOBO}>
                Withdraw
              </Button>
            </Form>
          )}
        </Section>

        <Section title="Bank account" about="Payouts go to this Nigerian bank account.">
          {wallet.bankAccount && (
            <div className="rounded-md border p-3 text-sm" data-testid="saved-bank-account">
              <p className="font-medium">
                {wallet.bankAccount.accountName}{" "}
                {wallet.bankAccount.verified && <Badge variant="secondary">Name matches your profile</Badge>}
              </p>
              <p className="text-muted-foreground">
                {wallet.bankAccount.bankName} · {wallet.bankAccount.accountNumber}
              </p>
            </div>
          )}
          {resolved ? (
            // Keyed: without it the DOM of the form before would be reused for this one.
            <Form key="confirm-account" method="post" className="grid gap-3">
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
              <TextField
                name="password"
                type="password"
                label="Your Stagebook password"
                autoComplete="current-password"
                error={errors.password}
                hint={
                  wallet.bankAccount
                    ? "We ask again because payouts will go to this account. We will e-mail you about the change, and payouts to a changed account start 24 hours later."
                    : wallet.availableKobo > 0
                      ? "We ask again because payouts will go to this account. We will e-mail you to confirm, and as your wallet already holds money, payouts to it start 24 hours later."
                      : "We ask again because payouts will go to this account. We will e-mail you to confirm."
                }
              />
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
            <Form key="find-account" method="post" noValidate className="grid gap-4">
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
        </Section>
      </div>

      <Section title="History" about="Every money event on your wallet, newest first.">
        {wallet.history.length === 0 ? (
          <p className="text-sm text-muted-foreground">No money has moved yet.</p>
        ) : (
          <>
            <ul className="divide-y" aria-label="Wallet history">
              {wallet.history.map((h) => (
                <li key={h.id} className="flex items-start justify-between gap-3 py-3 text-sm">
                  <div className="min-w-0">
                    <p>{h.text}</p>
                    <p className="text-muted-foreground">
                      {when(h.at)}
                      {walletLineHref(h, slug) && (
                        <>
                          {" · "}
                          <Link className="underline" to={walletLineHref(h, slug)!}>
                            {h.bookingLabel}
                          </Link>
                        </>
                      )}
                    </p>
                    {h.note && (
                      <p className={h.status === "Held" ? "text-amber-800" : "text-destructive"}>{h.note}</p>
                    )}
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1 text-right">
                    <Signed kobo={h.amountKobo} tone={h.tone} />
                    {h.status && (
                      <Badge variant={STATUS_VARIANT[h.status] ?? "destructive"}>{h.status}</Badge>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {wallet.moreHistory > 0 && (
              <p className="text-xs text-muted-foreground">
                {wallet.moreHistory} older lines are not shown; they are counted below.
              </p>
            )}
            <p className="rounded-md bg-muted p-3 text-sm" data-testid="wallet-reconciliation">
              Received from clients after commission and refunds: {formatNairaAmount(wallet.earnedKobo)} ={" "}
              Available {formatNairaAmount(wallet.availableKobo)} + In escrow{" "}
              {formatNairaAmount(wallet.inEscrowKobo)} + Paid out {formatNairaAmount(wallet.paidOutKobo)}
              {wallet.pendingPayoutKobo > 0 &&
                ` + on its way to your bank ${formatNairaAmount(wallet.pendingPayoutKobo)}`}
              {wallet.owedKobo > 0 && ` − owed for a card chargeback ${formatNairaAmount(wallet.owedKobo)}`}.
            </p>
          </>
        )}
      </Section>
    </div>
  );
}
