import { connectionStatuses } from "@balcao/contracts";
import { describe, expect, it } from "vitest";
import en from "../../i18n/en.json";
import es from "../../i18n/es.json";
import pt from "../../i18n/pt.json";
import {
  buttonAction,
  connectionsNeedAttention,
  disconnectMessageKey,
  qrModalDone,
  sessionButtons,
  sessionTooltip,
} from "./sessionView";

describe("session column by status (core-platform §4.3)", () => {
  it("gives WhatsApp Web the spec's tooltip and buttons for each status", () => {
    const table = connectionStatuses.map((s) => [s, sessionTooltip(s, "beta"), sessionButtons(s, "beta")]);
    expect(table).toEqual([
      ["qrcode", "qrcode", ["qrcode"]],
      ["PAIRING", "timeout", ["disconnect"]],
      ["DISCONNECTED", "disconnected", ["tryAgain", "newQr"]],
      ["TIMEOUT", "timeout", ["disconnect"]],
      ["OPENING", null, ["connecting"]],
      ["CONNECTED", "connected", ["disconnect"]],
    ]);
  });

  it("offers a Cloud API connection no new QR, and points it to its credentials", () => {
    expect(sessionButtons("DISCONNECTED", "cloud")).toEqual(["tryAgain"]);
    expect(sessionTooltip("DISCONNECTED", "cloud")).toBe("disconnectedCloud");
    expect(sessionButtons("CONNECTED", "cloud")).toEqual(["disconnect"]);
    expect(disconnectMessageKey("cloud")).not.toBe(disconnectMessageKey("beta"));
  });

  it("starts with POST and refreshes with PUT; the QR and disconnect buttons call nothing by themselves", () => {
    expect(buttonAction).toEqual({ tryAgain: "start", newQr: "newQr" });
  });

  it("has every tooltip, button and confirmation text in the three languages", () => {
    for (const dict of [pt, en, es]) {
      const text = (path: string) =>
        path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], dict);
      for (const provider of ["beta", "cloud"] as const) {
        for (const status of connectionStatuses) {
          const key = sessionTooltip(status, provider);
          if (key) expect(text(`connections.tooltips.${key}.title`)).toEqual(expect.any(String));
          if (key) expect(text(`connections.tooltips.${key}.content`)).toEqual(expect.any(String));
          for (const b of sessionButtons(status, provider))
            expect(text(`connections.buttons.${b}`)).toEqual(expect.any(String));
        }
        expect(text(disconnectMessageKey(provider))).toEqual(expect.any(String));
      }
    }
  });
});

describe("connections menu badge (core-platform §2.3)", () => {
  it("shows while any connection is not connected, and not for none or all connected", () => {
    expect(connectionsNeedAttention([])).toBe(false);
    expect(connectionsNeedAttention([{ status: "CONNECTED" }, { status: "CONNECTED" }])).toBe(false);
    for (const status of ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"] as const) {
      expect(connectionsNeedAttention([{ status: "CONNECTED" }, { status }])).toBe(true);
    }
  });
});

describe("QR modal closing (core-platform §2.17)", () => {
  const waiting = { status: "qrcode", qrcode: "" } as const;
  it("closes when the QR it showed clears, or the connection is connected or gone", () => {
    expect(qrModalDone({ status: "qrcode", qrcode: "2@abc" }, true)).toBe(false);
    expect(qrModalDone({ status: "OPENING", qrcode: "" }, true)).toBe(true);
    expect(qrModalDone({ status: "CONNECTED", qrcode: "" }, false)).toBe(true);
    expect(qrModalDone(undefined, false)).toBe(true);
  });

  it("waits, open, when no QR has come yet", () => {
    expect(qrModalDone(waiting, false)).toBe(false);
    expect(qrModalDone({ status: "OPENING", qrcode: "" }, false)).toBe(false);
  });
});
