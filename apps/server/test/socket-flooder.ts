/**
 * A client in a process of its own (test/sockets.ts floodFromOutside): connects
 * with a token, sends one event `count` times at once, each with an
 * acknowledgement, and prints what it saw as one JSON line (the answers, the
 * reason it was disconnected for) once the server drops it or 10 s passed.
 *
 * Usage: node --import tsx socket-flooder.ts <url> <token> <event> <count>
 */
import { io } from "socket.io-client";

const [url, token, event, count] = process.argv.slice(2) as [string, string, string, string];
const socket = io(url, { query: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
const answers: unknown[] = [];
const report = (reason: string) => {
  process.stdout.write(`${JSON.stringify({ answers, reason })}\n`);
  process.exit(0);
};
socket.once("connect", () => {
  socket.once("disconnect", report);
  setTimeout(() => report("still connected"), 10_000);
  for (let i = 0; i < Number(count); i++) socket.emit(event, (answer: unknown) => answers.push(answer));
});
socket.once("connect_error", (err) => report(`refused: ${err.message}`));
