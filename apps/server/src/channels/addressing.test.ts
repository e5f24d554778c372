/**
 * Where each driver sends to a contact (issue 19): the number when there is
 * one; else the user id its own kind of connection speaks — the Cloud API's
 * business-scoped user id as `recipient`, WhatsApp Web's LID jid — and a
 * catalogue refusal for an id the connection cannot reach.
 */
import { describe, expect, it } from "vitest";
import { chatJid } from "./baileys/jid.js";
import { cloudAddress } from "./cloud/cloud-driver.js";

const bsuid = "BR.13491208655302741918";
const lid = "98765432109876@lid";

describe("addressing a contact", () => {
  it("the Cloud API: `to` the number (even beside a user id), else `recipient` the BSUID; never a LID", () => {
    expect(cloudAddress({ chatNumber: "5511987654321", userId: bsuid, isGroup: false })).toEqual({
      to: "5511987654321",
    });
    expect(cloudAddress({ chatNumber: "", userId: bsuid, isGroup: false })).toEqual({ recipient: bsuid });
    expect(cloudAddress({ chatNumber: "", userId: lid, isGroup: false })).toBeUndefined();
    expect(cloudAddress({ chatNumber: "", userId: null, isGroup: false })).toBeUndefined();
  });

  it("WhatsApp Web: the number's jid, else the LID jid; a BSUID or nothing is refused with ERR_WAPP_INVALID_CONTACT", () => {
    expect(chatJid({ chatNumber: "5511987654321", userId: lid, isGroup: false })).toBe("5511987654321@s.whatsapp.net");
    expect(chatJid({ chatNumber: "", userId: lid, isGroup: false })).toBe(lid);
    for (const userId of [bsuid, null])
      expect(() => chatJid({ chatNumber: "", userId, isGroup: false })).toThrow(
        expect.objectContaining({ code: "ERR_WAPP_INVALID_CONTACT" }),
      );
  });
});
