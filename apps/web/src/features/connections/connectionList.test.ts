import type { WhatsappDto } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import { applySession, mergeFetched, upsertConnection } from "./connectionList";

const connection = (status: WhatsappDto["status"], updatedAt: string) =>
  ({
    id: 7,
    name: "Loja",
    status,
    qrcode: "",
    retries: 0,
    createdAt: "2026-11-22T10:00:00.000Z",
    updatedAt,
  }) as WhatsappDto;

describe("the connection list cache", () => {
  it("keeps the session's newer status when the save's older answer arrives after it", () => {
    const opening = [connection("OPENING", "2026-11-22T10:00:01.000Z")];
    expect(upsertConnection(opening, connection("DISCONNECTED", "2026-11-22T10:00:00.500Z"))).toEqual(opening);
    expect(upsertConnection(opening, connection("CONNECTED", "2026-11-22T10:00:02.000Z"))[0]!.status).toBe("CONNECTED");
  });

  it("applies a session update only over an older copy", () => {
    const list = [connection("qrcode", "2026-11-22T10:00:05.000Z")];
    const stale = { id: 7, status: "OPENING", qrcode: "", retries: 0, updatedAt: "2026-11-22T10:00:04.000Z" } as const;
    const fresh = { ...stale, status: "CONNECTED", updatedAt: "2026-11-22T10:00:06.000Z" } as const;
    expect(applySession(list, stale)).toEqual(list);
    expect(applySession(list, fresh)![0]).toMatchObject({ status: "CONNECTED", updatedAt: fresh.updatedAt });
  });

  it("keeps a session event's newer row when a list read before it is answered after it", () => {
    const cached = [connection("qrcode", "2026-11-22T10:00:05.000Z")];
    const [fetched] = mergeFetched(cached, [connection("OPENING", "2026-11-22T10:00:04.000Z")]);
    expect(fetched).toMatchObject({ status: "qrcode", updatedAt: "2026-11-22T10:00:05.000Z" });
    const [newer] = mergeFetched(cached, [connection("CONNECTED", "2026-11-22T10:00:06.000Z")]);
    expect(newer).toMatchObject({ status: "CONNECTED" });
    expect(mergeFetched(undefined, [connection("OPENING", "2026-11-22T10:00:04.000Z")])[0]!.status).toBe("OPENING");
  });
});
