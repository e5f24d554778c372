import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CampaignDto } from "@balcao/contracts";
import { api } from "../../api/http";
import { emptyCampaignForm, toCampaignBody } from "./campaignForm";
import { saveCampaign } from "./saveCampaign";

vi.mock("../../api/http", () => ({ api: { post: vi.fn(), put: vi.fn() } }));

const post = vi.mocked(api.post);
const put = vi.mocked(api.put);
const calls: string[] = [];
const answer = (id: number, extra: object = {}) => ({ id, status: "INATIVA", ...extra }) as CampaignDto;

beforeEach(() => {
  calls.length = 0;
  post.mockReset().mockImplementation(async (path: string, body?: unknown) => {
    calls.push(
      `POST ${path} ${body instanceof FormData ? "file" : JSON.stringify((body as { scheduledAt: unknown }).scheduledAt)}`,
    );
    return answer(9);
  });
  put.mockReset().mockImplementation(async (path: string, body?: unknown) => {
    calls.push(`PUT ${path} ${JSON.stringify((body as { scheduledAt: unknown }).scheduledAt)}`);
    return answer(9);
  });
});

const scheduled = toCampaignBody({ ...emptyCampaignForm, name: "Natal", scheduledAt: "2026-12-20T09:00" });
const file = new File(["x"], "promo.png", { type: "image/png" });

describe("saving the campaign modal", () => {
  it("adds a campaign with its time, and no upload without a file", async () => {
    const onStored = vi.fn();
    await saveCampaign({ id: undefined, body: scheduled, file: null, canceled: false, onStored });
    expect(calls).toEqual(['POST /campaigns "2026-12-20 09:00:00"']);
    expect(onStored).toHaveBeenCalledTimes(1);
  });

  it("with media and a time, saves unscheduled, uploads, then schedules (a campaign due within the hour takes no upload)", async () => {
    const stored: number[] = [];
    await saveCampaign({ id: undefined, body: scheduled, file, canceled: false, onStored: (c) => stored.push(c.id) });
    expect(calls).toEqual([
      "POST /campaigns null",
      "POST /campaigns/9/media-upload file",
      'PUT /campaigns/9 "2026-12-20 09:00:00"',
    ]);
    // Known as soon as it exists: a retry after a failed upload edits campaign 9.
    expect(stored[0]).toBe(9);
  });

  it("edits a CANCELADA campaign's messages and media as they are", async () => {
    await saveCampaign({ id: 9, body: scheduled, file, canceled: true, onStored: () => undefined });
    expect(calls).toEqual(['PUT /campaigns/9 "2026-12-20 09:00:00"', "POST /campaigns/9/media-upload file"]);
  });
});
