/** Small files with real signatures, and the ones every upload of files WhatsApp sends must refuse. */

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(64, 3)]);

/** [what it is, its name, its bytes]: each answered ERR_INVALID_FILE (messages/outbound-media.ts). */
export const invalidFiles: [string, string, Buffer][] = [
  ["a program named as a document", "manual.pdf", Buffer.from("MZ\x90\x00 this is an exe")],
  ["a kind WhatsApp does not carry", "script.sh", Buffer.from("echo hi")],
  ["bytes that are not what the name says", "foto.png", PDF],
  ["an empty file", "vazio.pdf", Buffer.alloc(0)],
];
