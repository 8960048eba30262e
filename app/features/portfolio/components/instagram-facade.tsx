import { CameraIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { type InstagramPost, instagramEmbedUrl } from "~/lib/embeds";

/**
 * Instagram's embed frame loads only on request. We render our own card from the stored permalink;
 * pasted markup was never kept, so nothing a musician typed reaches the page as HTML.
 */
export function InstagramFacade({ post, title }: { post: InstagramPost; title: string }) {
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <iframe
        src={instagramEmbedUrl(post)}
        title={title}
        width={400}
        height={560}
        loading="lazy"
        className="h-[560px] w-full rounded-md border bg-white"
      />
    );
  }
  return (
    <div className="flex aspect-video flex-col items-center justify-center gap-3 rounded-md bg-gradient-to-br from-fuchsia-600 via-pink-500 to-amber-400 p-4 text-center text-white">
      <CameraIcon aria-hidden className="size-8" />
      <p className="font-medium">{title}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          Show {post.kind === "reel" ? "reel" : "post"}
        </Button>
        <a href={post.url} target="_blank" rel="noopener noreferrer" className="text-sm underline">
          Open on Instagram
        </a>
      </div>
    </div>
  );
}
