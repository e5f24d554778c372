import pino, { type DestinationStream, type LoggerOptions } from "pino";
import { prettyFactory } from "pino-pretty";
import type { FastifyBaseLogger } from "fastify";
import type { Config, LogFormat } from "./config.js";

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

/**
 * Readable lines for a person watching a terminal; JSON for whatever else reads
 * the log (files, pipes, collectors, CI). LOG_FORMAT decides when set.
 */
export function logFormat(forced: LogFormat | undefined, toTerminal: boolean): LogFormat {
  return forced ?? (toTerminal ? "pretty" : "json");
}

/** `destination` defaults to stdout; tests pass a stream to read the emitted lines. */
export function createLogger(
  config: Pick<Config, "LOG_LEVEL" | "LOG_FORMAT">,
  destination?: DestinationStream,
): FastifyBaseLogger {
  const toTerminal = !destination && process.stdout.isTTY;
  const options: LoggerOptions = {
    level: config.LOG_LEVEL,
    // Request bodies are never logged (the req serializer below keeps method, path and ip); these are kept
    // out even if a line ever carries them: tokens, passwords, and the checkout form's card fields.
    redact: [
      "req.headers.authorization",
      "req.headers.cookie",
      'req.headers["asaas-access-token"]',
      'req.headers["x-payment-token"]',
      "*.password",
      "*.passwordHash",
      "*.cardNumber",
      "*.cvv",
      "*.expiryDate",
      "*.nameOnCard",
      "*.paymentToken",
    ],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
  if (logFormat(config.LOG_FORMAT, toTerminal) === "pretty") {
    const pretty = prettyFactory({ translateTime: "HH:MM:ss", colorize: toTerminal });
    // Synchronous: a person reads these, and the last lines before an exit must not be lost.
    const out = destination ?? pino.destination({ fd: 1, sync: true });
    return pino(options, { write: (line: string) => out.write(pretty(line)) });
  }
  return destination ? pino(options, destination) : pino(options);
}
