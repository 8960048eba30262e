import { data, redirect } from "react-router";
import { formToObject } from "~/lib/field-errors";
import { idempotent } from "~/server/idempotency.server";
import { logger } from "~/server/logger.server";
import { readForm } from "~/server/read-form.server";
import type { SendResult } from "./components/messages-view";
import { conversationFilter, sendMessageSchema } from "./message.schema";
import {
  CONVERSATION_NOT_FOUND,
  listMemberConversations,
  type Member,
  openThread,
  sendMessage,
  startConversationAbout,
  startConversationWithMusician,
  startOrganiserConversationAbout,
} from "./messaging.server";

/** The loader of both Messages pages: the member's conversations, and the chosen thread. */
export async function loadMessagesPage(member: Member, request: Request) {
  const url = new URL(request.url);
  // PostgreSQL text cannot hold NUL; a typed search never needs it.
  const q = (url.searchParams.get("q") ?? "").replaceAll("\0", "").trim().slice(0, 100);
  const filter = member.musicianId ? conversationFilter(url.searchParams.get("filter")) : "all";
  const chosen = url.searchParams.get("c");
  const conversations = await listMemberConversations(member, { q, filter });
  const thread = chosen ? await openThread(member, chosen) : null;
  // The chosen one may be filtered out of the list by the search; it still opens.
  let selected = conversations.find((c) => c.id === chosen) ?? null;
  if (thread && !selected) {
    selected =
      (await listMemberConversations(member, { q: "", filter: "all" })).find((c) => c.id === chosen) ?? null;
  }
  if (selected) selected = { ...selected, unread: 0 };
  return {
    q,
    filter,
    conversations: conversations.map((c) => (c.id === selected?.id ? { ...c, unread: 0 } : c)),
    selected: thread ? selected : null,
    messages: thread?.messages ?? [],
  };
}

/**
 * The action of both Messages pages: send (a fetcher or, without JavaScript, a plain form), or start
 * a conversation (from a profile, request or booking) and open it.
 */
export async function messagesAction(member: Member, request: Request, pagePath: string, requestId: string) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "start") {
    const about = {
      requestId: String(form.get("requestId") ?? "") || undefined,
      bookingId: String(form.get("bookingId") ?? "") || undefined,
    };
    const result = member.musicianId
      ? await startConversationAbout(member.musicianId, about)
      : about.requestId || about.bookingId
        ? await startOrganiserConversationAbout(member.user, about)
        : await startConversationWithMusician(member.user, String(form.get("musicianSlug") ?? ""));
    if (!result.ok) return data<SendResult>({ ok: false, error: result.message }, { status: result.status });
    throw redirect(`${pagePath}?c=${result.conversationId}`);
  }
  const parsed = sendMessageSchema.safeParse({
    conversationId: form.get("conversationId") ?? "",
    body: form.get("body") ?? "",
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const status = issue?.path[0] === "conversationId" ? 404 : 400;
    return data<SendResult>({ ok: false, error: issue?.message ?? CONVERSATION_NOT_FOUND }, { status });
  }
  try {
    // A double click or a retried post stores the message once.
    return await idempotent(
      { action: "message", userId: member.user.id, fields: formToObject(form) },
      async () => {
        const result = await sendMessage(member, parsed.data.conversationId, parsed.data.body);
        if (!result.ok)
          return data<SendResult>({ ok: false, error: result.message }, { status: result.status });
        return data<SendResult>({ ok: true, message: result.message, notice: result.notice });
      },
    );
  } catch (err) {
    logger.error({ err, requestId }, "sending a message failed");
    return data<SendResult>(
      { ok: false, error: "Your message could not be sent. Please try again." },
      { status: 500 },
    );
  }
}
