/**
 * The fake Graph API's control side (fake-graph.ts): JSON over HTTP under
 * `origin`/_control, so other processes (the end-to-end run) play Meta and the
 * customer through the same calls the tests make on FakeGraph.
 *
 *   POST /_control/numbers            {phoneNumberId, accessToken?, displayPhoneNumber?, verifiedName?}
 *   POST /_control/subscribe          {phoneNumberId, webhookUrl, appSecret, verifyToken?} → {verified?}
 *   POST /_control/customer-message   CustomerMessage (media data as base64) → {status, body, wid}
 *   POST /_control/status             {wid, status, error?} → {status, body}
 *   POST /_control/webhook            {payload, phoneNumberId?, signature?} → {status, body}
 *   POST /_control/fail-next-send     {message?, code?}
 *   POST /_control/statuses-before-next-answer  {statuses: ["sent", "delivered", …]}: posted (and answered)
 *                                        before the next send is answered
 *   POST /_control/outage             {down}: the Graph API answers 503 to everything while down
 *   GET  /_control/sent?to=&count=&timeoutMs=   waits for `count` sends → [SentRecord]
 *   GET  /_control/uploads            → [{id, phoneNumberId, mimetype, fileName, size}]
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FakeGraph, FakeNumber } from "./fake-graph.js";
import type { CustomerMessage, StatusName } from "./fake-graph-payloads.js";
import { json, readBody } from "./fake-graph-http.js";

export async function control(api: FakeGraph, req: IncomingMessage, res: ServerResponse, url: URL) {
  const raw: unknown = req.method === "POST" ? JSON.parse((await readBody(req)).toString("utf8") || "{}") : {};
  // The control API trusts its caller (a test) to send the shapes the TS API takes.
  const input = <T>() => raw as T;
  switch (`${req.method} ${url.pathname}`) {
    case "POST /_control/numbers":
      api.addNumber(input<FakeNumber>());
      return json(res, 200, {});
    case "POST /_control/subscribe":
      return json(res, 200, await api.subscribe(input<Parameters<FakeGraph["subscribe"]>[0]>()));
    case "POST /_control/customer-message":
      return json(res, 200, await api.customerMessage(input<CustomerMessage>()));
    case "POST /_control/status":
      return json(res, 200, await api.status(input<Parameters<FakeGraph["status"]>[0]>()));
    case "POST /_control/webhook": {
      const { payload, ...opts } = input<{ payload: unknown; phoneNumberId?: string; signature?: string | null }>();
      return json(res, 200, await api.webhook(payload, opts));
    }
    case "POST /_control/fail-next-send":
      api.failNextSend(input<{ message?: string; code?: number }>());
      return json(res, 200, {});
    case "POST /_control/statuses-before-next-answer":
      api.statusesBeforeNextAnswer(input<{ statuses: StatusName[] }>().statuses);
      return json(res, 200, {});
    case "POST /_control/outage":
      api.outage(input<{ down: boolean }>().down);
      return json(res, 200, {});
    case "GET /_control/sent": {
      const count = Number(url.searchParams.get("count") ?? "1");
      const to = url.searchParams.get("to") ?? undefined;
      const timeoutMs = Number(url.searchParams.get("timeoutMs") ?? "10000");
      return json(
        res,
        200,
        await api
          .waitForSent(count, to, timeoutMs)
          .catch(() => api.sent.filter((s) => !to || s.to === to || s.recipient === to)),
      );
    }
    case "GET /_control/uploads":
      return json(
        res,
        200,
        api.uploads.map(({ data, ...u }) => ({ ...u, size: data.length })),
      );
    default:
      return json(res, 404, { error: "unknown control call" });
  }
}
