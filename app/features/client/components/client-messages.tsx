import { ArrowLeftIcon, SearchIcon, SendIcon } from "lucide-react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { CLIENT_ID, type Conversation, type Message } from "../sample-data";

function ConversationList({
  conversations,
  q,
  selected,
}: {
  conversations: Conversation[];
  q: string;
  selected: string | null;
}) {
  return (
    <div className="flex flex-col gap-3">
      <Form method="get" role="search" className="relative">
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
                to={`?${new URLSearchParams({ ...(q ? { q } : {}), c: c.id })}`}
                aria-current={selected === c.id ? "true" : undefined}
                className={cn(
                  "flex flex-col gap-0.5 rounded-md p-3 hover:bg-accent",
                  selected === c.id && "bg-accent",
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium">{c.recipient.name}</span>
                  <span className="text-xs text-muted-foreground">{c.lastMessageTime}</span>
                </span>
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate text-sm text-muted-foreground">{c.lastMessage}</span>
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

function Thread({
  conversation,
  messages,
  q,
}: {
  conversation: Conversation;
  messages: Message[];
  q: string;
}) {
  const [draft, setDraft] = useState("");
  return (
    <div className="flex h-full flex-col gap-3">
      <div className="flex items-center gap-2 border-b pb-3">
        <Button asChild variant="ghost" size="icon" className="md:hidden">
          <Link to={q ? `?q=${encodeURIComponent(q)}` : "?"} aria-label="Back to conversations">
            <ArrowLeftIcon />
          </Link>
        </Button>
        <div>
          <h2 className="font-semibold">{conversation.recipient.name}</h2>
          <p className="text-xs text-muted-foreground">{conversation.recipient.role}</p>
        </div>
      </div>
      <ol aria-label={`Messages with ${conversation.recipient.name}`} className="flex flex-1 flex-col gap-2">
        {messages.map((m) => {
          const mine = m.senderId === CLIENT_ID;
          return (
            <li
              key={m.id}
              className={cn(
                "max-w-[80%] rounded-lg px-3 py-2 text-sm",
                mine ? "self-end bg-primary text-primary-foreground" : "self-start bg-muted",
              )}
            >
              <span className="sr-only">{m.senderName}: </span>
              {m.content}
              <span
                className={cn("block text-xs", mine ? "text-primary-foreground/70" : "text-muted-foreground")}
              >
                {m.timestamp}
              </span>
            </li>
          );
        })}
      </ol>
      {/* Spec §2: sample data only; sending clears the box. */}
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setDraft("");
        }}
      >
        <label htmlFor="message" className="sr-only">
          Type a message
        </label>
        <Input
          id="message"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Type a message..."
          autoComplete="off"
        />
        <Button type="submit" aria-label="Send message">
          <SendIcon />
        </Button>
      </form>
    </div>
  );
}

export function ClientMessages({
  conversations,
  q,
  selected,
  messages,
}: {
  conversations: Conversation[];
  q: string;
  selected: Conversation | null;
  messages: Message[];
}) {
  return (
    <div className="grid min-h-[60vh] gap-4 rounded-lg border p-4 md:grid-cols-[320px_1fr]">
      <div className={cn(selected && "hidden md:block")}>
        <ConversationList conversations={conversations} q={q} selected={selected?.id ?? null} />
      </div>
      <div
        className={cn("md:border-l md:pl-4", !selected && "hidden md:flex md:items-center md:justify-center")}
      >
        {selected ? (
          <Thread key={selected.id} conversation={selected} messages={messages} q={q} />
        ) : (
          <p className="text-muted-foreground">Select a conversation to start messaging</p>
        )}
      </div>
    </div>
  );
}
