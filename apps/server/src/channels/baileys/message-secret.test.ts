/**
 * The secret derivation matches WhatsApp's as Baileys implements it: what
 * this module seals, Baileys' own decryptPollVote opens, and what a phone
 * seals (test/baileys-secrets.ts, Baileys' primitives) this module opens,
 * under either name of the same person (phone jid or LID).
 */
import { createCipheriv, randomBytes } from "node:crypto";
import { decryptPollVote, proto } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { pollVote } from "../../../test/baileys-secrets.js";
import { chosenOptions, jidsOf, openSecret, secretKey } from "./message-secret.js";

const secret = randomBytes(32);
const creator = "5511900000001@s.whatsapp.net";
const voter = "5511900000002@s.whatsapp.net";
const voterLid = "80000000000002@lid";

describe("message secrets", () => {
  it("derives the key Baileys' decryptPollVote uses", () => {
    const { key, aad } = secretKey("Poll Vote", secret, { id: "POLL", sender: creator, changer: voter });
    const plain = proto.Message.PollVoteMessage.encode({ selectedOptions: [Buffer.alloc(32, 7)] }).finish();
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(aad!);
    const encPayload = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    const vote = decryptPollVote(
      { encPayload, encIv: iv },
      { pollCreatorJid: creator, pollMsgId: "POLL", pollEncKey: secret, voterJid: voter },
    );
    expect(Buffer.from(vote.selectedOptions[0]!)).toEqual(Buffer.alloc(32, 7));
  });

  it("opens a phone's vote under whichever name the phone sealed it, and only with the poll's secret", () => {
    const sealed = pollVote({ chat: voterLid, id: "POLL" }, ["B"], {
      id: "POLL",
      secret,
      sender: creator,
      changer: voterLid,
    }).pollUpdateMessage!.vote!;
    const who = { id: "POLL", senders: [creator], changers: jidsOf(voter, "80000000000002:5@lid") };
    const plain = openSecret("Poll Vote", secret, who, sealed);
    expect(chosenOptions(plain!, ["A", "B", "C"])).toEqual(["B"]);
    expect(openSecret("Poll Vote", randomBytes(32), who, sealed)).toBeUndefined();
    expect(openSecret("Poll Vote", secret, { ...who, changers: [voter] }, sealed)).toBeUndefined();
  });
});
