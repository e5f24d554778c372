/**
 * §5 "Media uploads": which files each media block takes and how large (checked on the
 * server too). Problems are i18n keys of flowDialogs.errors with their parameters.
 */
import { flowLimits, flowMediaFormats } from "@balcao/contracts";

/** The content block's audio also takes opus (§5). */
export type FlowMediaKind = keyof typeof flowMediaFormats;

export interface MediaProblem {
  key: string;
  params: Record<string, string | number>;
}

const maxBytes: Record<FlowMediaKind, number> = {
  img: flowLimits.imageBytes,
  audio: flowLimits.audioBytes,
  contentAudio: flowLimits.audioBytes,
  video: flowLimits.videoBytes,
};

/** "Foto.JPG" → "jpg"; "" without a dot. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** The file input's accept attribute for a kind: ".png,.jpg,.jpeg". */
export function acceptFor(kind: FlowMediaKind): string {
  return flowMediaFormats[kind].map((ext) => `.${ext}`).join(",");
}

export function maxMegabytes(kind: FlowMediaKind): number {
  return maxBytes[kind] / (1024 * 1024);
}

/** null when the file may be sent; otherwise the message to show ("Arquivo é muito grande! 2MB máximo"). */
export function checkFlowMedia(kind: FlowMediaKind, file: { name: string; size: number }): MediaProblem | null {
  const formats: readonly string[] = flowMediaFormats[kind];
  if (!formats.includes(fileExtension(file.name)))
    return { key: "flowDialogs.errors.format", params: { formats: formats.join(", ") } };
  if (file.size > maxBytes[kind]) return { key: "flowDialogs.errors.tooLarge", params: { mb: maxMegabytes(kind) } };
  return null;
}

/** The kind a content item's file is checked as. */
export function contentMediaKind(type: "img" | "audio" | "video"): FlowMediaKind {
  return type === "audio" ? "contentAudio" : type;
}
