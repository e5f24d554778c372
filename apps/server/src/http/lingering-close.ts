/**
 * An answer given before the request's body was read (a refused upload)
 * closes the connection, but not at once. A socket closed with the client's
 * bytes still unread is reset by the kernel, and a client that is still
 * sending then loses the answer with it: a browser shows a network error
 * instead of "file too large". So the server half-closes after the answer and
 * reads on, throwing the bytes away, until the client closes or LINGER_MS
 * pass, as web servers' lingering close does.
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

/** Long enough for a client to read the answer and stop sending; bounded so a client that never stops is cut off. */
export const LINGER_MS = 5_000;

function closeLingering(this: Socket) {
  if (this.writable) this.end();
  const timer = setTimeout(() => this.destroy(), LINGER_MS);
  this.once("close", () => clearTimeout(timer));
  this.once("end", () => this.destroy());
  this.resume();
}

/** Makes the request's connection close lingering once its answer is sent (Node closes it through destroySoon). */
export function lingerOnClose(req: IncomingMessage) {
  req.socket.destroySoon = closeLingering;
  // What is still coming goes nowhere: a route that stopped reading left the request paused.
  req.resume();
}
