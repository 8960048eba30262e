import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { CarouselSlide } from "../recruitment-content";
import { StageScene } from "./stage-scene";

/**
 * An image carousel following the WAI-ARIA carousel pattern; the arrow keys page it while any of its
 * controls has focus. It never advances on its own: moving content is hard to read on a small screen
 * and for screen-reader users.
 */
export function SceneCarousel({ slides, label }: { slides: CarouselSlide[]; label: string }) {
  const [current, setCurrent] = useState(0);
  const id = useId();
  const count = slides.length;
  const go = (index: number) => setCurrent((index + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(current + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(current - 1);
    }
  }

  return (
    <section aria-roledescription="carousel" aria-label={label} className="w-full" onKeyDown={onKeyDown}>
      <div
        id={`${id}-slides`}
        aria-live="polite"
        className="overflow-hidden rounded-xl border bg-muted shadow-sm"
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a group
          <figure
            key={slide.scene}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== current}
            className="m-0"
          >
            <StageScene scene={slide.scene} title={slide.title} />
            <figcaption className="space-y-1 bg-background p-4">
              <p className="font-semibold">{slide.title}</p>
              <p className="text-sm text-muted-foreground">{slide.caption}</p>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label="Previous slide"
          aria-controls={`${id}-slides`}
          onClick={() => go(current - 1)}
        >
          <ChevronLeftIcon aria-hidden />
        </Button>
        <div className="flex items-center gap-1">
          {slides.map((slide, i) => (
            <button
              key={slide.scene}
              type="button"
              aria-label={`Go to slide ${i + 1}: ${slide.title}`}
              aria-current={i === current ? "true" : undefined}
              aria-controls={`${id}-slides`}
              onClick={() => go(i)}
              className="flex size-8 cursor-pointer items-center justify-center rounded-full"
            >
              <span
                aria-hidden
                className={cn(
                  "block size-2.5 rounded-full transition-colors",
                  i === current ? "bg-primary" : "bg-muted-foreground/40",
                )}
              />
            </button>
          ))}
        </div>
        <Button
          variant="outline"
          size="icon"
          aria-label="Next slide"
          aria-controls={`${id}-slides`}
          onClick={() => go(current + 1)}
        >
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </section>
  );
}
