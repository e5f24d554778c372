/**
 * §7: images are compressed at quality 0.7 before upload, with the browser's own canvas
 * (no library). A JPEG is encoded again at that quality; a PNG is drawn again as PNG
 * (the format has no quality, redrawing drops its metadata). The smaller file is sent.
 */
import { flowLimits } from "@balcao/contracts";
import { fileExtension } from "./formats";

/** The type an image is encoded to, or null for a file that is not compressed. */
export function compressionType(fileName: string): "image/jpeg" | "image/png" | null {
  const ext = fileExtension(fileName);
  if (ext === "jpg" || ext === "jpeg") return "image/jpeg";
  if (ext === "png") return "image/png";
  return null;
}

/** Sent: the compressed image when it came out smaller, else the original (a small PNG can grow). */
export function smallerOf<T extends { size: number }>(original: T, compressed: T | null): T {
  return compressed && compressed.size < original.size ? compressed : original;
}

function encode(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("toBlob failed"))), type, flowLimits.imageQuality),
  );
}

/** The browser could not read or encode the image (§8: an alert "erro"). */
export class CompressionError extends Error {}

/** The file to upload, under its original name; a CompressionError when the browser cannot read the image. */
export async function compressImage(file: File): Promise<File> {
  const type = compressionType(file.name);
  if (!type) return file;
  try {
    return smallerOf(file, new File([await redraw(file, type)], file.name, { type }));
  } catch (err) {
    throw new CompressionError(err instanceof Error ? err.message : "unreadable image");
  }
}

async function redraw(file: File, type: string): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return encode(canvas, type);
}
