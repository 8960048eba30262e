import { classifyVideoUrl } from "~/lib/embeds";
import { imageSources, PORTFOLIO_IMAGE_WIDTHS } from "../image-srcset";
import { InstagramFacade } from "./instagram-facade";
import { YouTubeFacade } from "./youtube-facade";

export interface PortfolioItemData {
  id: string;
  itemType: string;
  contentUrl: string;
  title: string | null;
}

/** One portfolio item as visitors see it: picture, audio player, or a video/post that loads on tap. */
export function PortfolioItemView({ item }: { item: PortfolioItemData }) {
  if (item.itemType === "image") {
    return (
      <img
        {...imageSources(
          item.contentUrl,
          PORTFOLIO_IMAGE_WIDTHS,
          "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw",
        )}
        alt={item.title ?? "Portfolio image"}
        width={640}
        height={480}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] h-auto w-full rounded-md bg-muted object-cover"
      />
    );
  }
  if (item.itemType === "audio") {
    return (
      <div className="grid gap-2 rounded-md bg-muted p-4">
        <p className="truncate text-sm font-medium">{item.title ?? "Audio track"}</p>
        {/* biome-ignore lint/a11y/useMediaCaption: musicians upload music recordings, which have no captions */}
        <audio controls preload="none" src={item.contentUrl} className="w-full">
          <a href={item.contentUrl}>Download the audio</a>
        </audio>
      </div>
    );
  }
  const video = classifyVideoUrl(item.contentUrl);
  if (video?.kind === "youtube")
    return <YouTubeFacade id={video.id} title={item.title ?? "Performance video"} />;
  if (video?.kind === "instagram") {
    return <InstagramFacade post={video.post} title={item.title ?? "Instagram post"} />;
  }
  return null;
}
