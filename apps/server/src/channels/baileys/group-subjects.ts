/**
 * Groups' names for their contacts, asked of WhatsApp once per group and
 * session rather than per message. A failed lookup leaves the group unnamed
 * for now instead of holding its message back.
 */
import type { FastifyBaseLogger } from "fastify";
import type { BaileysSocket } from "./socket.js";

export class GroupSubjects {
  private readonly subjects = new Map<string, string>();

  constructor(private readonly log: FastifyBaseLogger) {}

  async of(socket: BaileysSocket, jid: string | null | undefined): Promise<string | undefined> {
    if (!jid?.endsWith("@g.us")) return undefined;
    if (!this.subjects.has(jid)) {
      try {
        this.subjects.set(jid, (await socket.groupMetadata(jid)).subject);
      } catch (err) {
        this.log.warn({ err }, "group subject not fetched");
        return undefined;
      }
    }
    return this.subjects.get(jid);
  }
}
