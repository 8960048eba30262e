import { PlayIcon } from "lucide-react";
import { useState } from "react";
import { youtubeEmbedUrl, youtubeThumbnail, youtubeWatchUrl } from "~/lib/embeds";

/**
 * A still and a play button; YouTube's player (and its scripts) load only when tapped. Without
 * JavaScript the still is a plain link to the video.
 */
export function YouTubeFacade({ id, title }: { id: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        src={youtubeEmbedUrl(id)}
        title={title}
        width={640}
        height={360}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        className="aspect-video h-auto w-full rounded-md bg-black"
      />
    );
  }
  return (
    <a
      href={youtubeWatchUrl(id)}
      onClick={(e) => {
        e.preventDefault();
        setPlaying(true);
      }}
      className="group relative block aspect-video overflow-hidden rounded-md bg-black focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={`Play video: ${title}`}
      data-youtube-id={id}
    >
      <img
        src={youtubeThumbnail(id)}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        decoding="async"
        className="size-full object-cover opacity-90 group-hover:opacity-100"
      />
      <span className="absolute inset-0 grid place-items-center">
        <span className="grid size-14 place-items-center rounded-full bg-red-600 text-white shadow-lg">
          <PlayIcon aria-hidden className="size-7 fill-current" />
        </span>
      </span>
    </a>
  );
}
