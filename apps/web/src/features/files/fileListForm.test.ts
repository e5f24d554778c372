import type { FileListDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { fileListFormSchema, toFileListBody, uploadFormOf } from "./fileListForm";

const saved: FileListDto = {
  id: 7,
  name: "Catálogo",
  message: "Segue",
  userId: 1,
  companyId: 1,
  options: [
    { id: 31, name: "Logo", path: null, mediaType: null, mediaName: null },
    { id: 32, name: "Preços", path: null, mediaType: null, mediaName: null },
    { id: 40, name: "Vídeo", path: null, mediaType: null, mediaName: null },
  ],
  createdAt: "",
  updatedAt: "",
};

describe("file list form", () => {
  it("asks for a name of 3 characters and a message, with fileModal.formErrors messages", () => {
    const result = fileListFormSchema.safeParse({ name: "ab", message: " ", options: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "fileModal.formErrors.name.short"],
      ["message", "fileModal.formErrors.message.required"],
    ]);
  });

  it("sends saved options with their id and new ones without", () => {
    const body = toFileListBody(
      { name: " Catálogo ", message: "Segue", options: [{ optionId: 31, name: "Logo" }, { name: "Novo" }] },
      5,
    );
    expect(body).toEqual({
      name: "Catálogo",
      message: "Segue",
      userId: 5,
      options: [{ id: 31, name: "Logo" }, { name: "Novo" }],
    });
  });

  it("uploads each chosen file with the id of the option in its row, and nothing when none was chosen", () => {
    const logo = new File(["png"], "logo.png", { type: "image/png" });
    const video = new File(["mp4"], "video.mp4", { type: "video/mp4" });
    const form = uploadFormOf(saved, [logo, undefined, video])!;
    expect([...form.entries()].map(([name, value]) => [name, typeof value === "string" ? value : value.name])).toEqual([
      ["fileId", "7"],
      ["typeArch", "fileList"],
      ["files", "logo.png"],
      ["mediaType", "image/png"],
      ["name", "Logo"],
      ["id", "31"],
      ["files", "video.mp4"],
      ["mediaType", "video/mp4"],
      ["name", "Vídeo"],
      ["id", "40"],
    ]);
    expect(uploadFormOf(saved, [undefined, undefined, undefined])).toBeNull();
  });
});
