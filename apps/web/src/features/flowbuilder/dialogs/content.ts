/**
 * The content block (singleBlock, §2, §3, §5): its items in send order, their seq ids, the
 * rules that block saving, and the node's data {seq, elements}. A media item holds either
 * its stored name (value) or a newly chosen file that still has to go up.
 */
import {
  flowContentElementTypes,
  flowLimits,
  type FlowContentElement,
  type FlowContentElementType,
} from "@balcao/contracts";
import { list, obj, str } from "./read";
import { errorKey } from "./rules";

export interface ContentItem {
  type: FlowContentElementType;
  /** The seq id: type + a per-type counter ("message0", "interval1"). */
  number: string;
  /** Text, seconds as digits, or the stored media name. */
  value: string;
  original: string;
  record: boolean;
  /** A chosen file not uploaded yet. */
  file: File | null;
}

const mediaTypes: readonly FlowContentElementType[] = ["img", "audio", "video"];

export function isMediaItem(item: Pick<ContentItem, "type">): boolean {
  return mediaTypes.includes(item.type);
}

/** The next id of `type`: one past the highest used, so removing an item never reuses its id. */
export function nextSeqId(type: FlowContentElementType, used: string[]): string {
  const pattern = new RegExp(`^${type}(\\d+)$`);
  const highest = used.reduce((max, id) => Math.max(max, Number(pattern.exec(id)?.[1] ?? -1)), -1);
  return `${type}${highest + 1}`;
}

export function newItem(type: FlowContentElementType, items: ContentItem[]): ContentItem {
  const number = nextSeqId(
    type,
    items.map((i) => i.number),
  );
  return { type, number, value: "", original: "", record: false, file: null };
}

/** §5 content rules, the first that fails: empty texts, intervals of 0 or over 120, media without a file. */
export function contentError(items: ContentItem[]): string | null {
  if (items.length === 0) return errorKey("contentEmpty");
  if (items.some((i) => i.type === "message" && i.value.trim() === "")) return errorKey("contentText");
  if (items.some((i) => i.type === "message" && i.value.length > flowLimits.textMax)) return errorKey("tooLong");
  const badInterval = (v: string) =>
    !/^\d+$/.test(v.trim()) || Number(v) < flowLimits.intervalMin || Number(v) > flowLimits.intervalMax;
  if (items.some((i) => i.type === "interval" && badInterval(i.value))) return errorKey("contentInterval");
  if (items.some((i) => isMediaItem(i) && !i.file && !i.value)) return errorKey("contentMedia");
  return null;
}

function isElementType(value: unknown): value is FlowContentElementType {
  return (flowContentElementTypes as readonly unknown[]).includes(value);
}

/** A saved node's items in seq order (an element seq does not name is dropped). */
export function itemsFromData(data: Record<string, unknown> | undefined): ContentItem[] {
  const elements = list(data?.elements).map(obj);
  return list(data?.seq).flatMap((id) => {
    const element = elements.find((e) => str(e.number) === id);
    if (!element || !isElementType(element.type)) return [];
    return [
      {
        type: element.type,
        number: str(id),
        value: str(element.value),
        original: str(element.original),
        record: element.record === true,
        file: null,
      },
    ];
  });
}

/** The node's data; `stored` names the files uploaded now, by item number. */
export function toContentData(items: ContentItem[], stored: Map<string, string> = new Map()) {
  const elements: FlowContentElement[] = items.map((item) => {
    const base = { type: item.type, number: item.number };
    if (item.type === "message") return { ...base, value: item.value };
    if (item.type === "interval") return { ...base, value: String(Number(item.value.trim())) };
    const value = stored.get(item.number) ?? item.value;
    const original = item.file?.name ?? item.original;
    return item.type === "audio" ? { ...base, value, original, record: item.record } : { ...base, value, original };
  });
  return { seq: items.map((i) => i.number), elements };
}

/** The items whose chosen file still has to go up, in seq order. */
export function pendingUploads(items: ContentItem[]): (ContentItem & { file: File })[] {
  return items.filter((i): i is ContentItem & { file: File } => isMediaItem(i) && i.file !== null);
}
