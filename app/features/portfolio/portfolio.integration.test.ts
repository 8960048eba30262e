import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/profile";
import { db } from "~/server/db.server";
import { musicianPortfolioItems, musicianProfiles } from "~db/schema/profiles";
import { createMusician, type TestMusician } from "../../../tests/support/accounts";
import { outcome, postForm, requestAs, routeArgs, uploadRequest } from "../profiles/profile-test-support";
import {
  bigBytes,
  forgedHtml,
  forgedScript,
  jpegWithExifBytes,
  mp3Bytes,
  pngBytes,
  wavBytes,
} from "./fixtures/media-fixtures";

type ActionBody = {
  ok: boolean;
  errors?: Record<string, string>;
  toast: { type: string; message: string; description?: string };
};

const uploadsDir = () => path.resolve(process.env.DATA_DIR!, "uploads");
const fileFor = (url: string) => path.join(uploadsDir(), url.replace(/^\/uploads\//, "").split("?")[0]!);

const upload = (
  who: TestMusician | null,
  kind: string,
  file: { bytes: Buffer; name: string; type: string },
  fields: Record<string, string> = {},
) => outcome<ActionBody>(() => action(routeArgs(uploadRequest(who, kind, file, fields))));

const post = (who: TestMusician | null, form: Record<string, string>) =>
  outcome<ActionBody>(() => action(routeArgs(postForm(who, "/profile?tab=portfolio", form))));

async function items(profileId: string) {
  return db
    .select({
      id: musicianPortfolioItems.id,
      itemType: musicianPortfolioItems.itemType,
      contentUrl: musicianPortfolioItems.contentUrl,
      title: musicianPortfolioItems.title,
    })
    .from(musicianPortfolioItems)
    .where(eq(musicianPortfolioItems.profileId, profileId));
}

describe("portfolio images", () => {
  it("re-encodes a JPEG to WebP at three widths with the metadata stripped, at spec §7 paths", async () => {
    const m = await createMusician();
    const original = await jpegWithExifBytes(2000, 1200);
    expect(original.includes("secret-exif-marker")).toBe(true);
    const res = await upload(
      m,
      "image",
      { bytes: original, name: "stage.jpg", type: "image/jpeg" },
      { title: "Live" },
    );
    expect(res.body.toast).toEqual({ type: "success", message: "Image uploaded successfully!" });
    const [item] = await items(m.profileId);
    expect(item).toMatchObject({ itemType: "image", title: "Live" });
    expect(item!.contentUrl).toMatch(new RegExp(`^/uploads/musician_images/${m.userId}/\\d+\\.webp$`));
    const widths: Record<string, number> = { "": 1280, "-640": 640, "-320": 320 };
    for (const [suffix, width] of Object.entries(widths)) {
      const bytes = fs.readFileSync(fileFor(item!.contentUrl).replace(/\.webp$/, `${suffix}.webp`));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(bytes.includes("secret-exif-marker")).toBe(false);
    }
  });

  it("never enlarges a small image", async () => {
    const m = await createMusician();
    await upload(m, "image", { bytes: await pngBytes(200, 100), name: "tiny.png", type: "image/png" });
    const [item] = await items(m.profileId);
    const meta = await sharp(fs.readFileSync(fileFor(item!.contentUrl))).metadata();
    expect(meta.width).toBe(200);
  });

  it.each([
    ["an HTML file named .jpg", forgedHtml, "photo.jpg", "image/jpeg"],
    ["a shell script named .png", forgedScript, "photo.png", "image/png"],
    ["an MP3 named .jpg", mp3Bytes(), "photo.jpg", "image/jpeg"],
  ])("refuses %s, judged by its bytes", async (_what, bytes, name, type) => {
    const m = await createMusician();
    const res = await upload(m, "image", { bytes, name, type });
    expect(res.status).toBe(400);
    expect(res.body.toast.message).toBe("Failed to upload image");
    expect(await items(m.profileId)).toEqual([]);
    expect(fs.existsSync(path.join(uploadsDir(), "musician_images", m.userId))).toBe(false);
  });

  it("refuses an image that decodes to more pixels than the cap", async () => {
    const m = await createMusician();
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(m, "image", { bytes: bomb, name: "big.png", type: "image/png" });
    expect(res.status).toBe(400);
    expect(res.body.toast.message).toBe("Failed to upload image");
  });

  it("refuses an image over 5MB", async () => {
    const m = await createMusician();
    const res = await upload(m, "image", {
      bytes: bigBytes(5 * 1024 * 1024 + 1),
      name: "big.png",
      type: "image/png",
    });
    expect(res.status).toBe(413);
    expect(res.body.toast.message).toBe("Failed to upload image");
    expect(await items(m.profileId)).toEqual([]);
  });

  it("refuses a request with no file", async () => {
    const m = await createMusician();
    const res = await upload(m, "image", { bytes: Buffer.alloc(0), name: "", type: "image/png" });
    expect(res.status).toBe(400);
    expect(res.body.toast.message).toBe("Failed to upload image");
  });
});

describe("portfolio audio", () => {
  it.each([
    ["MP3", mp3Bytes(), "song.mp3", "audio/mpeg", "mp3"],
    ["WAV", wavBytes(), "song.wav", "audio/wav", "wav"],
  ])("stores a real %s file unchanged", async (_kind, bytes, name, type, ext) => {
    const m = await createMusician();
    const res = await upload(m, "audio", { bytes, name, type }, { title: "Demo" });
    expect(res.body.toast).toEqual({ type: "success", message: "Audio uploaded successfully!" });
    const [item] = await items(m.profileId);
    expect(item!.contentUrl).toMatch(new RegExp(`^/uploads/musician_audio/${m.userId}/\\d+\\.${ext}$`));
    expect(fs.readFileSync(fileFor(item!.contentUrl)).equals(bytes)).toBe(true);
  });

  it.each([
    ["an HTML file named .mp3", forgedHtml, "song.mp3"],
    ["a script named .wav", forgedScript, "song.wav"],
    ["a PNG named .mp3", bigBytes(1000), "song.mp3"],
  ])("refuses %s", async (_what, bytes, name) => {
    const m = await createMusician();
    const res = await upload(m, "audio", { bytes, name, type: "audio/mpeg" });
    expect(res.status).toBe(400);
    expect(res.body.toast.message).toBe("Failed to upload audio");
    expect(await items(m.profileId)).toEqual([]);
  });

  it("refuses audio over 10MB with the spec's message", async () => {
    const m = await createMusician();
    const bytes = Buffer.concat([mp3Bytes(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(m, "audio", { bytes, name: "long.mp3", type: "audio/mpeg" });
    expect(res.status).toBe(413);
    expect(res.body.toast.message).toBe("Audio file must be less than 10MB");
  });
});

describe("profile image", () => {
  it("uploads to profile_images/{userId}/profile.webp, replaces, and removes", async () => {
    const m = await createMusician();
    const first = await upload(m, "profile-image", {
      bytes: await pngBytes(900, 900),
      name: "me.png",
      type: "image/png",
    });
    expect(first.body.toast).toEqual({ type: "success", message: "Profile image updated!" });
    const read = async () =>
      (
        await db
          .select({ url: musicianProfiles.profileImage })
          .from(musicianProfiles)
          .where(eq(musicianProfiles.id, m.profileId))
      )[0]!.url;
    const url1 = await read();
    expect(url1).toMatch(new RegExp(`^/uploads/profile_images/${m.userId}/profile\\.webp\\?v=\\d+$`));
    expect((await sharp(fs.readFileSync(fileFor(url1!))).metadata()).width).toBe(640);
    expect(
      (await sharp(fs.readFileSync(fileFor(url1!).replace(".webp", "-320.webp"))).metadata()).width,
    ).toBe(320);

    await new Promise((r) => setTimeout(r, 5));
    await upload(m, "profile-image", {
      bytes: await jpegWithExifBytes(400, 300),
      name: "me2.jpg",
      type: "image/jpeg",
    });
    const url2 = await read();
    expect(url2).not.toBe(url1);
    expect((await sharp(fs.readFileSync(fileFor(url2!))).metadata()).width).toBe(400);

    const removed = await post(m, { intent: "remove-profile-image" });
    expect(removed.body.toast).toEqual({ type: "success", message: "Profile image removed" });
    expect(await read()).toBeNull();
    expect(fs.existsSync(fileFor(url2!))).toBe(false);
  });

  it("refuses a forged profile image", async () => {
    const m = await createMusician();
    const res = await upload(m, "profile-image", { bytes: forgedHtml, name: "me.jpg", type: "image/jpeg" });
    expect(res.body.toast.message).toBe("Failed to upload profile image");
  });
});

describe("videos and Instagram posts", () => {
  it("adds a YouTube video as its canonical URL", async () => {
    const m = await createMusician();
    const res = await post(m, {
      intent: "add-video",
      url: "https://youtu.be/dQw4w9WgXcQ?si=x",
      title: "Live",
    });
    expect(res.body.toast).toEqual({ type: "success", message: "Video added successfully!" });
    expect(await items(m.profileId)).toMatchObject([
      { itemType: "video", contentUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Live" },
    ]);
  });

  it.each(["https://vimeo.com/1", "https://www.youtube.com/watch?v=short", "", "<script>"])(
    "refuses the video URL %j",
    async (url) => {
      const m = await createMusician();
      const res = await post(m, { intent: "add-video", url, title: "" });
      expect(res.status).toBe(400);
      expect(res.body.errors?.url).toBe("Please enter a valid YouTube URL");
      expect(res.body.toast.message).toBe("Invalid YouTube URL");
    },
  );

  it("keeps only the permalink from pasted Instagram embed markup", async () => {
    const m = await createMusician();
    const embed = `<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/reel/DAbc123xyz/?utm_source=ig_embed"><a href="https://www.instagram.com/reel/DAbc123xyz/">x</a></blockquote><script async src="//www.instagram.com/embed.js"></script>`;
    const res = await post(m, { intent: "add-instagram", embed });
    expect(res.body.toast).toEqual({ type: "success", message: "Instagram post/reel added successfully!" });
    const [item] = await items(m.profileId);
    expect(item).toMatchObject({
      itemType: "video",
      contentUrl: "https://www.instagram.com/reel/DAbc123xyz/",
    });
    expect(JSON.stringify(item)).not.toMatch(/script|blockquote/);
  });

  it("refuses what is not an Instagram post or reel", async () => {
    const m = await createMusician();
    const res = await post(m, { intent: "add-instagram", embed: "<img src=x onerror=alert(1)>" });
    expect(res.status).toBe(400);
    expect(res.body.toast.message).toBe("Invalid Instagram embed code or URL");
    expect(res.body.errors?.embed).toBe("Invalid Instagram embed code or URL");
  });

  it("lists items newest first in the editor", async () => {
    const m = await createMusician();
    await post(m, { intent: "add-video", url: "https://youtu.be/aaaaaaaaaaa", title: "first" });
    await post(m, { intent: "add-video", url: "https://youtu.be/bbbbbbbbbbb", title: "second" });
    const data = (
      await outcome<{ portfolio: { title: string }[] }>(() => loader(routeArgs(requestAs(m, "/profile"))))
    ).body;
    expect(data.portfolio.map((i) => i.title)).toEqual(["second", "first"]);
  });
});

describe("removal and authorisation", () => {
  it("removes an item and its files", async () => {
    const m = await createMusician();
    await upload(m, "image", { bytes: await pngBytes(), name: "a.png", type: "image/png" });
    const [item] = await items(m.profileId);
    const res = await post(m, { intent: "remove-item", itemId: item!.id });
    expect(res.body.toast).toEqual({ type: "success", message: "Item removed successfully!" });
    expect(await items(m.profileId)).toEqual([]);
    expect(fs.existsSync(fileFor(item!.contentUrl))).toBe(false);
    expect(fs.existsSync(fileFor(item!.contentUrl).replace(".webp", "-320.webp"))).toBe(false);
  });

  it("refuses another musician's removal, and a malformed id", async () => {
    const owner = await createMusician();
    const other = await createMusician();
    await post(owner, { intent: "add-video", url: "https://youtu.be/dQw4w9WgXcQ", title: "" });
    const [item] = await items(owner.profileId);
    const res = await post(other, { intent: "remove-item", itemId: item!.id });
    expect(res.status).toBe(404);
    expect(res.body.toast.message).toBe("Failed to delete item");
    expect(await items(owner.profileId)).toHaveLength(1);
    expect((await post(owner, { intent: "remove-item", itemId: "'; drop table x" })).status).toBe(404);
  });

  it("sends a signed-out visitor to /login for every portfolio action, uploads included", async () => {
    for (const form of [
      { intent: "add-video", url: "https://youtu.be/dQw4w9WgXcQ" },
      { intent: "add-instagram", embed: "https://www.instagram.com/p/C1a2B3c4D5e/" },
      { intent: "remove-item", itemId: "00000000-0000-0000-0000-000000000000" },
      { intent: "remove-profile-image" },
    ] as Record<string, string>[]) {
      const res = await post(null, form);
      expect(res.status).toBe(302);
      expect(res.location).toMatch(/^\/login\?redirectTo=/);
    }
    for (const kind of ["image", "audio", "profile-image"]) {
      const res = await upload(null, kind, { bytes: await pngBytes(), name: "a.png", type: "image/png" });
      expect(res.status).toBe(302);
    }
  });

  it("refuses an unknown upload kind and an unknown intent with a message", async () => {
    const m = await createMusician();
    const res = await upload(m, "exe", { bytes: forgedScript, name: "a.sh", type: "text/plain" });
    expect(res.status).toBe(400);
    expect((await post(m, { intent: "nope" })).status).toBe(400);
  });
});
