/** Baileys' status updates and group receipts of our messages → acks (acksOf, receiptAcksOf). */
import { proto } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { groupJid, groupReceipt, pnJid, statusUpdate } from "../../../test/baileys-messages.js";
import { acksOf, receiptAcksOf } from "./acks.js";

const customer = "5511987654321";

describe("acksOf: status updates of our messages", () => {
  const S = proto.WebMessageInfo.Status;
  it("maps WhatsApp's statuses to acks 1–5 and an error to a failure", () => {
    const updates = [
      statusUpdate("M1", S.PENDING),
      statusUpdate("M2", S.SERVER_ACK),
      statusUpdate("M3", S.DELIVERY_ACK),
      statusUpdate("M4", S.READ),
      statusUpdate("M5", S.PLAYED),
      statusUpdate("M6", S.ERROR, { errorCode: "463" }),
    ];
    expect(acksOf(updates)).toEqual([
      { wid: "M1", ack: 1 },
      { wid: "M2", ack: 2 },
      { wid: "M3", ack: 3 },
      { wid: "M4", ack: 4 },
      { wid: "M5", ack: 5 },
      { wid: "M6", ack: 1, error: "WhatsApp error 463" },
    ]);
  });

  it("ignores the customer's messages and updates that are not statuses", () => {
    expect(acksOf([statusUpdate("THEIRS", S.READ, { fromMe: false })])).toEqual([]);
    const edit = {
      key: { remoteJid: pnJid(customer), id: "X", fromMe: true },
      update: { message: { conversation: "e" } },
    };
    expect(acksOf([edit])).toEqual([]);
  });

  it("group receipts raise our message to what a participant reached", () => {
    const group = groupJid("120363025246125486");
    const participant = pnJid("5511988880001");
    expect(
      receiptAcksOf([
        groupReceipt(group, "G1", participant, "receiptTimestamp"),
        groupReceipt(group, "G2", participant, "readTimestamp"),
        groupReceipt(group, "G3", participant, "playedTimestamp"),
      ]),
    ).toEqual([
      { wid: "G1", ack: 3 },
      { wid: "G2", ack: 4 },
      { wid: "G3", ack: 5 },
    ]);
    const notOurs = groupReceipt(group, "G4", participant, "readTimestamp");
    notOurs.key.fromMe = false;
    expect(receiptAcksOf([notOurs])).toEqual([]);
  });
});
