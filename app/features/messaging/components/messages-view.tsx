import { ArrowLeftIcon, SearchIcon, SendIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import { IdempotencyKeyField } from "~/components/idempotency-key-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { type ConversationSummary, MESSAGE_MAX, type ThreadMessage } from "../message.schema";

export interface SendResult {
  ok: boolean;
  message?: ThreadMessage;
  notice?: string | null;
  error?: string;
}

const timeFormat = new Intl.DateTimeFormat("en-NG", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

function when(iso: string | null): string {
  return iso ? timeFormat.format(new Date(iso)) : "";
}

function hrefWith(base: Record<string, string>, extra: Record<string, string>): string {
  const params = new URLSearchParams({ ...base, ...extra });
  for (const [k, v] of [...params]) if (!v) params.delete(k);
  const s = params.toString();
  return s ? `?${s}` : "?";
}

function ConversationList({
  conversations,
  q,
  selected,
  keep,
}: {
  conversations: ConversationSummary[];
  q: string;
  selected: string | null;
  keep: Record<string, string>;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Form method="get" role="search" className="relative">
        {Object.entries(keep).map(([k, v]) =>
          v ? <input key={k} type="hidden" name={k} value={v} /> : null,
        )}
        <label htmlFor="conversation-search" className="sr-only">
          Search conversations
        </label>
        <SearchIcon aria-hidden className="absolute left-3 top-3 size-4 text-muted-foreground" />
        <Input
          id="conversation-search"
          name="q"
          type="search"
          placeholder="Search conversations..."
          defaultValue={q}
          className="pl-9"
        />
      </Form>
      {conversations.length === 0 ? (
        <p className="p-4 text-center text-sm text-muted-foreground">No conversations found</p>
      ) : (
        <ul aria-label="Conversations" className="flex flex-col gap-1">
          {conversations.map((c) => (
            <li key={c.id}>
              <Link
                to={hrefWith(keep, { q, c: c.id })}
                aria-current={selected === c.id ? "true" : undefined}
                className={cn(
                  "flex flex-col gap-0.5 rounded-md p-3 hover:bg-accent",
                  selected === c.id && "bg-accent",
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium">{c.otherName}</span>
                  <span className="text-xs text-muted-foreground">{when(c.lastMessageAt)}</span>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-muted-foreground">
                    {c.lastMessage ?? "No messages yet"}
                  </span>
                  {c.unread > 0 && <Badge aria-label={`${c.unread} unread`}>{c.unread}</Badge>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SendBox({ conversationId, pageResult }: { conversationId: string; pageResult?: SendResult }) {
  const fetcher = useFetcher<SendResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const error = (fetcher.data ?? pageResult)?.error;
  useEffect(() => {
    const r = fetcher.data;
    if (!r || fetcher.state !== "idle") return;
    if (r.ok) {
      formRef.current?.reset();
      if (r.notice) toast.info(r.notice);
    } else if (r.error) {
      toast.error(r.error);
    }
  }, [fetcher.data, fetcher.state]);
  return (
    <fetcher.Form ref={formRef} method="post" className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="send" />
      <IdempotencyKeyField renewOn={fetcher.data} />
      <input type="hidden" name="conversationId" value={conversationId} />
      {pageResult?.notice && (
        <p role="status" className="text-xs text-muted-foreground">
          {pageResult.notice}
        </p>
      )}
      <div className="flex gap-2">
        <label htmlFor="message" className="sr-only">
          Type a message
        </label>
        <Input
          id="message"
          name="body"
          placeholder="Type a message..."
          autoComplete="off"
          maxLength={MESSAGE_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "message-error" : undefined}
        />
        <Button type="submit" aria-label="Send message" disabled={busy}>
          <SendIcon />
        </Button>
      </div>
      {error && (
        <p id="message-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}

/**
 * Keeps the open thread and the list live: Server-Sent Events. The first connection asks for what
 * came after the last message the page rendered (`after`), so nothing sent between the render and the
 * connection is lost; the browser's own reconnects resume with Last-Event-ID.
 */
function useLiveMessages(open: string | null, after: number, onMessage: (m: ThreadMessage) => void) {
  const revalidator = useRevalidator();
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const rendered = useRef(after);
  rendered.current = after;
  useEffect(() => {
    const query = new URLSearchParams();
    if (open) query.set("c", open);
    if (rendered.current > 0) query.set("after", String(rendered.current));
    const source = new EventSource(`/api/messages/stream${query.size ? `?${query}` : ""}`);
    let pending: ReturnType<typeof setTimeout> | null = null;
    source.addEventListener("message", (e) => {
      const m = JSON.parse((e as MessageEvent<string>).data) as ThreadMessage;
      handler.current(m);
      // The list's last message and unread counts come from the server; batch bursts into one reload.
      pending ??= setTimeout(() => {
        pending = null;
        revalidate.current();
      }, 500);
    });
    // Live only once the server has the stream (tests and the bench wait for this).
    const live = () => {
      document.documentElement.dataset.messagesLive = "true";
    };
    const down = () => {
      if (source.readyState !== EventSource.OPEN) delete document.documentElement.dataset.messagesLive;
    };
    source.addEventListener("open", live);
    source.addEventListener("error", down);
    return () => {
      if (pending) clearTimeout(pending);
      source.close();
      delete document.documentElement.dataset.messagesLive;
    };
  }, [open]);
}

function Thread({
  title,
  subtitle,
  conversationId,
  initial,
  backHref,
  pageResult,
}: {
  title: string;
  subtitle: string;
  conversationId: string;
  initial: ThreadMessage[];
  backHref: string;
  pageResult?: SendResult;
}) {
  const [extra, setExtra] = useState<ThreadMessage[]>([]);
  // Earlier messages a live one masked again (a number split over both): their new text, by id, until
  // the page's data is read again (it then has the stored text itself, which may since be revealed).
  const [revised, setRevised] = useState<Record<number, string>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loader's new data replaces the revisions
  useEffect(() => setRevised({}), [initial]);
  const known = new Set(initial.map((m) => m.id));
  const shown = [...initial, ...extra.filter((m) => !known.has(m.id))]
    .sort((a, b) => a.id - b.id)
    .map((m) => (revised[m.id] === undefined ? m : { ...m, body: revised[m.id]! }));
  useLiveMessages(conversationId, initial.at(-1)?.id ?? 0, (m) => {
    if (m.conversationId !== conversationId) return;
    const revises = m.revises ?? [];
    if (revises.length)
      setRevised((r) => ({ ...r, ...Object.fromEntries(revises.map((v) => [v.id, v.body])) }));
    setExtra((x) => (x.some((y) => y.id === m.id) ? x : [...x, m]));
  });
  const end = useRef<HTMLLIElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the number of messages changes
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "end" });
  }, [shown.length]);
  return (
    <div className="flex h-full flex-col gap-3">
      <div className="flex items-center gap-2 border-b pb-3">
        <Button asChild variant="ghost" size="icon" className="md:hidden">
          <Link to={backHref} aria-label="Back to conversations">
            <ArrowLeftIcon />
          </Link>
        </Button>
        <div>
          <h2 className="font-semibold">{title}</h2>
          <p className="text-xs text-muted-foreground">{subtitle}</p>
        </div>
      </div>
      <ol
        aria-label={`Messages with ${title}`}
        aria-live="polite"
        className="flex max-h-[60vh] flex-1 flex-col gap-2 overflow-y-auto"
      >
        {shown.map((m) => (
          <li
            key={m.id}
            className={cn(
              "max-w-[80%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm",
              m.mine ? "self-end bg-primary text-primary-foreground" : "self-start bg-muted",
            )}
          >
            <span className="sr-only">{m.senderName}: </span>
            {m.body}
            <span
              className={cn("block text-xs", m.mine ? "text-primary-foreground/70" : "text-muted-foreground")}
            >
              {when(m.createdAt)}
            </span>
          </li>
        ))}
        <li ref={end} aria-hidden className="h-0" />
      </ol>
      <SendBox conversationId={conversationId} pageResult={pageResult} />
    </div>
  );
}

function ListOnlyLive() {
  useLiveMessages(null, 0, () => undefined);
  return null;
}

/** Spec §2 Messages: the conversation list with search, the thread and its send box. */
export function MessagesView({
  conversations,
  q,
  selected,
  messages,
  keep = {},
  pageResult,
  actions,
}: {
  conversations: ConversationSummary[];
  q: string;
  selected: ConversationSummary | null;
  messages: ThreadMessage[];
  /** Query parameters the list and search keep (the musician's filter). */
  keep?: Record<string, string>;
  pageResult?: SendResult;
  /** Extra controls for the open conversation (the musician's Create Booking). */
  actions?: React.ReactNode;
}) {
  return (
    <div className="grid min-h-[60vh] gap-4 rounded-lg border p-4 md:grid-cols-[320px_1fr]">
      <div className={cn(selected && "hidden md:block")}>
        <ConversationList conversations={conversations} q={q} selected={selected?.id ?? null} keep={keep} />
      </div>
      <div
        className={cn(
          "flex flex-col gap-3 md:border-l md:pl-4",
          !selected && "hidden md:flex md:items-center md:justify-center",
        )}
      >
        {selected ? (
          <>
            {actions}
            <Thread
              key={selected.id}
              title={selected.otherName}
              subtitle={selected.otherRole}
              conversationId={selected.id}
              initial={messages}
              backHref={hrefWith(keep, { q })}
              pageResult={pageResult}
            />
          </>
        ) : (
          <>
            <ListOnlyLive />
            <p className="text-muted-foreground">Select a conversation to start messaging</p>
          </>
        )}
      </div>
    </div>
  );
}
