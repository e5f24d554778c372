import { afterAll, afterEach, beforeAll } from "vitest";
import type { ServerOptions } from "../src/server.js";
import { startTestServer, type TestServer } from "./harness.js";
import { closeAllSockets } from "./sockets.js";

/**
 * A test file's hooks around one test server: started before all tests and
 * handed to `use` for the file's own variable
 * (`serverPerFile((started) => (s = started))`), sockets closed after each
 * test so none leaks into the next, closed at the end.
 */
export function serverPerFile(use: (s: TestServer) => void, env?: Record<string, string>, options?: ServerOptions) {
  let s: TestServer | undefined;
  beforeAll(async () => {
    s = await startTestServer(env, options);
    use(s);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => s?.close());
}
