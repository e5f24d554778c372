/**
 * Which IP addresses an outbound call may reach (DESIGN §10, issue 17 item 7).
 * "private": loopback, RFC 1918, unique-local and shared (CGNAT) space: refused
 * unless ALLOW_PRIVATE_OUTBOUND. "never": link-local (cloud metadata at
 * 169.254.169.254, fe80::/10), unspecified, multicast and reserved space:
 * refused whatever the configuration. IPv6 forms that carry an IPv4 address
 * (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::a.b.c.d) are judged by that address.
 */
import { isIP } from "node:net";

export type AddressClass = "public" | "private" | "never";

/** [first octets as a number, prefix length, class] for IPv4. */
const v4Ranges: [string, number, AddressClass][] = [
  ["0.0.0.0", 8, "never"], // "this network", 0.0.0.0 included
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "private"], // shared address space (carrier NAT; some clouds' metadata)
  ["127.0.0.0", 8, "private"], // loopback
  ["169.254.0.0", 16, "never"], // link-local: cloud metadata
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "private"], // IETF protocol assignments
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "private"], // benchmarking
  ["224.0.0.0", 4, "never"], // multicast
  ["240.0.0.0", 4, "never"], // reserved, broadcast included
];

function v4ToInt(ip: string): number {
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function classifyV4(ip: string): AddressClass {
  const n = v4ToInt(ip);
  for (const [base, bits, cls] of v4Ranges) {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    if (n >= start && n < start + size) return cls;
  }
  return "public";
}

/** The 8 groups of an IPv6 address (an embedded dotted quad becomes the last two; a zone id is dropped). */
function v6Groups(ip: string): number[] {
  let text = ip.split("%")[0]!.toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const n = v4ToInt(quad[1]!);
    text = `${text.slice(0, -quad[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (s: string) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

function classifyV6(ip: string): AddressClass {
  const g = v6Groups(ip);
  const embeddedV4 = () => `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  const firstFiveZero = g.slice(0, 5).every((x) => x === 0);
  if (firstFiveZero && g[5] === 0xffff) return classifyV4(embeddedV4()); // ::ffff:a.b.c.d (mapped)
  if (g.slice(0, 6).every((x) => x === 0)) {
    if (g[6] === 0 && g[7] === 0) return "never"; // ::
    if (g[6] === 0 && g[7] === 1) return "private"; // ::1
    return classifyV4(embeddedV4()); // ::a.b.c.d (compatible, deprecated)
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return classifyV4(embeddedV4()); // NAT64
  const first = g[0]!;
  if ((first & 0xffc0) === 0xfe80) return "never"; // fe80::/10 link-local
  if ((first & 0xff00) === 0xff00) return "never"; // multicast
  if ((first & 0xfe00) === 0xfc00) return "private"; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfec0) return "private"; // fec0::/10 site-local (deprecated)
  return "public";
}

/** The class of an IP literal; "never" for anything that is not one. */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  const family = isIP(bare.split("%")[0]!);
  if (family === 4) return classifyV4(bare);
  if (family === 6) return classifyV6(bare);
  return "never";
}

/** Whether a call may reach `ip` under the operator's choice about private networks. */
export function addressAllowed(ip: string, allowPrivate: boolean): boolean {
  const cls = classifyAddress(ip);
  return cls === "public" || (cls === "private" && allowPrivate);
}
