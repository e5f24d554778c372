import { createServer, type AddressInfo } from "node:net";

/** A TCP port on 127.0.0.1 no one listens on now (the kernel's pick), for a server started next. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
