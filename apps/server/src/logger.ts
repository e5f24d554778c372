import pino, { type DestinationStream, type LoggerOptions } from "pino";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.js";

/**
 * What a log line keeps of a URL: its path. The query string is dropped (the
 * webhook's hub.verify_token, a socket's token and whatever else a client puts
 * there), and paths that carry secrets are cut, also when a mistyped URL
 * (stray slash, letter case, wrong method) misses the route.
 */
export function redactUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!;
  return path.replace(/\/resetpasswords\/.*/is, "/resetpasswords/[redacted]");
}

/** `destination` defaults to stdout; tests pass a stream to read the emitted lines. */
export function createLogger(
  config: Pick<Config, "LOG_LEVEL" | "NODE_ENV">,
  destination?: DestinationStream,
): FastifyBaseLogger {
  const pretty = !destination && config.NODE_ENV === "development" && process.stdout.isTTY;
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.passwordHash"],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
    ...(pretty ? { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss" } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
