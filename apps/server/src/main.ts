/** `npm start`: the API, Socket.IO and the web app on one port. */
import { runServer } from "./run.js";

await runServer();
