import { MessageSquareIcon } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** "Message" on a musician's public profile: opens (or starts) the organiser's conversation. */
export function MessageMusicianLink({ musicianSlug }: { musicianSlug: string }) {
  return (
    <Link
      to={`/messages?to=${encodeURIComponent(musicianSlug)}`}
      className={buttonVariants({ size: "lg", variant: "outline" })}
    >
      <MessageSquareIcon aria-hidden />
      Message
    </Link>
  );
}
