import { describe, expect, it } from "vitest";
import {
  announcementFormSchema,
  emptyAnnouncementForm,
  imageProblem,
  toAnnouncementBody,
  toAnnouncementForm,
} from "./announcementForm";

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe("announcement form", () => {
  it("requires title and text", () => {
    const res = announcementFormSchema.safeParse({ ...emptyAnnouncementForm, title: " " });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["title", "announcements.dialog.form.required"],
      ["text", "announcements.dialog.form.required"],
    ]);
  });

  it("round-trips a record to the body the server reads", () => {
    const record = {
      id: 1,
      title: "T",
      text: "x",
      priority: 2 as const,
      status: false,
      mediaPath: null,
      mediaName: null,
      createdAt: "",
      updatedAt: "",
    };
    expect(toAnnouncementBody(toAnnouncementForm(record))).toEqual({
      title: "T",
      text: "x",
      priority: 2,
      status: false,
    });
  });

  it("accepts .png/.jpg/.jpeg up to 5 MB only", () => {
    expect(imageProblem(file("a.PNG", 10))).toBeUndefined();
    expect(imageProblem(file("a.jpeg", 10))).toBeUndefined();
    expect(imageProblem(file("a.gif", 10))).toBe("ERR_INVALID_FILE");
    expect(imageProblem(file("noext", 10))).toBe("ERR_INVALID_FILE");
    expect(imageProblem(file("a.jpg", 0))).toBe("ERR_INVALID_FILE");
    expect(imageProblem(file("a.jpg", 5 * 1024 * 1024 + 1))).toBe("ERR_FILE_TOO_LARGE");
  });
});
