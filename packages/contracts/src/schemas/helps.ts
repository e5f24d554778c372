/**
 * Help videos (core-platform §3 Help, §2.18 Help tab; business-areas §2.17):
 * a title, a description and the code of a YouTube video.
 */
import { z } from "zod";

export const helpLimits = { titleMax: 100, descriptionMax: 2000, pageSize: 20 } as const;

/** A YouTube video id: 11 characters of [A-Za-z0-9_-]. */
const videoIdPattern = /^[A-Za-z0-9_-]{11}$/;

/**
 * The video code from what a person pastes: the code itself, or a watch,
 * short, embed or youtu.be address. Null when no code can be found. Only the
 * code is stored, so the page builds its thumbnail and player addresses itself.
 */
export function youtubeVideoId(input: string): string | null {
  const text = input.trim();
  if (videoIdPattern.test(text)) return text;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, "");
  const fromPath = (prefix: string) => (url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : "");
  const candidate =
    host === "youtu.be"
      ? url.pathname.slice(1)
      : host === "youtube.com" || host === "youtube-nocookie.com"
        ? url.searchParams.get("v") || fromPath("/embed/") || fromPath("/shorts/") || fromPath("/live/")
        : "";
  const id = candidate.split("/")[0] ?? "";
  return videoIdPattern.test(id) ? id : null;
}

export const helpThumbnailUrl = (video: string) => `https://i.ytimg.com/vi/${video}/hqdefault.jpg`;
export const helpEmbedUrl = (video: string) => `https://www.youtube.com/embed/${video}`;

export const helpSaveSchema = z
  .object({
    title: z.string().trim().min(1).max(helpLimits.titleMax),
    description: z.string().trim().max(helpLimits.descriptionMax).optional().default(""),
    video: z.string().transform((v, ctx) => {
      const id = youtubeVideoId(v);
      if (!id) ctx.addIssue({ code: "custom", message: "not a YouTube video code or address" });
      return id ?? v;
    }),
  })
  // The form sends back the id it read; the path names the help.
  .loose();
export type HelpSave = z.infer<typeof helpSaveSchema>;

export interface HelpDto {
  id: number;
  title: string;
  description: string;
  video: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /helps: a page of helps (searchParam, pageNumber). GET /helps/list answers HelpDto[]. */
export interface HelpListResponse {
  helps: HelpDto[];
  count: number;
  hasMore: boolean;
}
