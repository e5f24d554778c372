/**
 * §7 "Flow media": a block's file goes up as multipart `fromMe=true`, `medias` (the file)
 * and `body` (its name) and comes back as `{name}`, the stored path the node keeps as its
 * url; the content block sends all its files at once and gets their stored names back,
 * which are matched to its items by extension.
 */
import { flowMediaRoutes } from "@balcao/contracts";
import { api } from "../../../api/http";
import { fileExtension } from "./formats";

export async function uploadFlowMedia(block: "img" | "audio" | "video", file: File): Promise<string> {
  const form = new FormData();
  form.append("fromMe", "true");
  form.append("medias", file);
  form.append("body", file.name);
  const saved = await api.post<{ name: string }>(flowMediaRoutes[block], form);
  return saved.name;
}

/** The stored names of `files`, in the server's answer (plain names, or `{name}` each). */
export async function uploadContentMedia(files: File[]): Promise<string[]> {
  const form = new FormData();
  form.append("fromMe", "true");
  for (const file of files) {
    form.append("medias", file);
    form.append("body", file.name);
  }
  const saved = await api.post<(string | { name: string })[]>(flowMediaRoutes.content, form);
  return saved.map((s) => (typeof s === "string" ? s : s.name));
}

/**
 * Gives each uploaded item (`number`, its file's name) a stored name of the same extension, in
 * order; an item left without one is a failed upload (throws: nothing is saved).
 */
export function matchStoredNames(items: { number: string; fileName: string }[], names: string[]): Map<string, string> {
  const left = [...names];
  const matched = new Map<string, string>();
  for (const item of items) {
    const ext = fileExtension(item.fileName);
    const at = left.findIndex((name) => fileExtension(name) === ext);
    if (at < 0) throw new Error(`no stored file for ${item.number}`);
    matched.set(item.number, left.splice(at, 1)[0] as string);
  }
  return matched;
}

/** A stored flow file's path under the API ("/public/{name}"), as the file fetch wants it. */
export function flowMediaPath(name: string): string {
  if (name.startsWith("/public/")) return name;
  return `/public/${name.replace(/^\/+/, "").replace(/^public\//, "")}`;
}
