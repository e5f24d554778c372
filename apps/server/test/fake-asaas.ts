/**
 * A small Asaas (API v3) on 127.0.0.1 that our server talks to in tests and
 * the end-to-end run, built from Asaas' published reference
 * (https://docs.asaas.com/reference): the account's key in the `access_token`
 * header (401 otherwise), refusals as `{errors: [{code, description}]}`.
 *
 *   GET  /v3/customers?externalReference=…  → {object: "list", data: [customer…], …}
 *   POST /v3/customers                 {name, email?, cpfCnpj?, mobilePhone?, externalReference?, …} → customer {id: "cus_…"}
 *   POST /v3/payments                  {customer, billingType, value, dueDate, description?, externalReference?}
 *                                      → payment {id: "pay_…", status: "PENDING", …} (a past dueDate is refused)
 *   GET  /v3/payments/{id}             → payment (404 when unknown)
 *   GET  /v3/payments/{id}/pixQrCode   → {encodedImage (base64 PNG), payload, expirationDate}
 *
 * Control side (no key; for tests and Playwright specs in another process):
 *   POST /_control/pay      {paymentId | externalReference, webhookUrl, webhookToken, event?}
 *                           → the charge RECEIVED, Asaas' webhook posted with the asaas-access-token header;
 *                             answers {paymentId, webhookStatus}
 *   GET  /_control/payments → every charge
 *   POST /_control/down     {down: boolean} → while down, the API answers 503
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isCpfCnpj } from "@balcao/contracts";
import { json, readBody } from "./fake-graph-http.js";
import type {
  FakeAsaasPayment,
  FakeAsaasCustomer,
  FakeAsaasRequest,
  PayOptions,
  FakeAsaas,
} from "./fake-asaas-types.js";
export type {
  FakeAsaasPayment,
  FakeAsaasCustomer,
  FakeAsaasRequest,
  PayOptions,
  FakeAsaas,
} from "./fake-asaas-types.js";

const today = () => new Date().toISOString().slice(0, 10);
const now = () => new Date().toISOString().replace("T", " ").slice(0, 19);
const newId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

/** A valid 1×1 PNG: what `encodedImage` decodes to (the web may also draw the payload itself). */
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** A Pix copy-and-paste code in the EMV shape (id and value embedded, CRC not computed). */
function pixPayload(p: FakeAsaasPayment): string {
  const value = p.value.toFixed(2);
  return `00020101021226820014br.gov.bcb.pix2560pix.fake-asaas.local/qr/${p.id}5204000053039865405${value}5802BR5905ASAAS6009SAO PAULO62070503***6304ABCD`;
}

const asaasError = (res: ServerResponse, status: number, code: string, description: string) =>
  json(res, status, { errors: [{ code, description }] });

function parseJson(raw: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw.toString("utf8") || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

export async function startFakeAsaas(options: { accessToken?: string } = {}): Promise<FakeAsaas> {
  const accessToken = options.accessToken ?? `$aact_fake_${randomBytes(12).toString("hex")}`;
  const customers = new Map<string, FakeAsaasCustomer>();
  const payments = new Map<string, FakeAsaasPayment>();
  const requests: FakeAsaasRequest[] = [];

  function createCustomer(res: ServerResponse, body: Record<string, unknown>) {
    const name = str(body.name);
    if (!name) return asaasError(res, 400, "invalid_name", "O campo name deve ser informado.");
    const cpfCnpj = str(body.cpfCnpj)?.replace(/\D/g, "") ?? null;
    if (cpfCnpj !== null && !isCpfCnpj(cpfCnpj)) {
      return asaasError(res, 400, "invalid_cpfCnpj", "O CPF/CNPJ informado é inválido.");
    }
    const customer: FakeAsaasCustomer = {
      object: "customer",
      id: newId("cus"),
      name,
      email: str(body.email),
      cpfCnpj,
      mobilePhone: str(body.mobilePhone),
      externalReference: str(body.externalReference),
      notificationDisabled: body.notificationDisabled === true,
      deleted: false,
    };
    customers.set(customer.id, customer);
    return json(res, 200, customer);
  }

  function createPayment(res: ServerResponse, body: Record<string, unknown>) {
    const customer = str(body.customer);
    if (!customer || !customers.has(customer)) {
      return asaasError(res, 400, "invalid_customer", "Customer inválido ou não informado.");
    }
    if (!["BOLETO", "CREDIT_CARD", "PIX", "UNDEFINED"].includes(String(body.billingType))) {
      return asaasError(res, 400, "invalid_billingType", "Forma de pagamento inválida.");
    }
    if (typeof body.value !== "number" || !(body.value > 0)) {
      return asaasError(res, 400, "invalid_value", "O valor da cobrança deve ser informado.");
    }
    const dueDate = str(body.dueDate);
    if (!dueDate || !/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) {
      return asaasError(res, 400, "invalid_dueDate", "A data de vencimento deve ser informada.");
    }
    if (dueDate < today()) {
      return asaasError(res, 400, "invalid_dueDate", "Não é permitido data de vencimento inferior a hoje.");
    }
    const id = newId("pay");
    const payment: FakeAsaasPayment = {
      object: "payment",
      id,
      dateCreated: today(),
      customer,
      value: body.value,
      netValue: Math.round(body.value * 99) / 100,
      billingType: String(body.billingType),
      status: "PENDING",
      dueDate,
      originalDueDate: dueDate,
      description: str(body.description),
      externalReference: str(body.externalReference),
      paymentDate: null,
      confirmedDate: null,
      invoiceUrl: `https://fake-asaas.local/i/${id}`,
      deleted: false,
    };
    payments.set(id, payment);
    return json(res, 200, payment);
  }

  /** GET /v3/customers: Asaas' list, filtered by the query's externalReference (and name, email, cpfCnpj). */
  function listCustomers(res: ServerResponse, query: URLSearchParams) {
    const filters = (["externalReference", "name", "email", "cpfCnpj"] as const).filter((k) => query.has(k));
    const data = [...customers.values()].filter((c) => filters.every((k) => c[k] === query.get(k)));
    return json(res, 200, { object: "list", hasMore: false, totalCount: data.length, limit: 10, offset: 0, data });
  }

  function routeApi(req: IncomingMessage, res: ServerResponse, url: URL, body: Record<string, unknown>) {
    const path = url.pathname;
    if (req.method === "GET" && path === "/v3/customers") return listCustomers(res, url.searchParams);
    if (req.method === "POST" && path === "/v3/customers") return createCustomer(res, body);
    if (req.method === "POST" && path === "/v3/payments") {
      return fake.chargesDown ? asaasError(res, 503, "unavailable", "Serviço indisponível.") : createPayment(res, body);
    }
    const match = /^\/v3\/payments\/([^/]+)(\/pixQrCode)?$/.exec(path);
    const payment = match ? payments.get(decodeURIComponent(match[1]!)) : undefined;
    if (req.method === "GET" && match && !payment) {
      return asaasError(res, 404, "not_found", "Cobrança não encontrada.");
    }
    if (req.method === "GET" && payment && !match![2]) return json(res, 200, payment);
    if (req.method === "GET" && payment) {
      return json(res, 200, {
        encodedImage: PNG_1X1,
        payload: pixPayload(payment),
        expirationDate: `${payment.dueDate} 23:59:59`,
      });
    }
    return asaasError(res, 404, "not_found", "Recurso não encontrado.");
  }

  async function postWebhook(payment: FakeAsaasPayment, { webhookUrl, webhookToken, event }: PayOptions) {
    const res = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "asaas-access-token": webhookToken },
      body: JSON.stringify({
        id: newId("evt"),
        event: event ?? "PAYMENT_RECEIVED",
        dateCreated: now(),
        payment,
      }),
    });
    return res.status;
  }

  const fake: FakeAsaas = {
    url: "",
    accessToken,
    customers,
    payments,
    requests,
    down: false,
    chargesDown: false,
    paymentFor(externalReference) {
      const ref = String(externalReference);
      return [...payments.values()].reverse().find((p) => p.externalReference === ref);
    },
    setStatus(paymentId, status) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake Asaas: no payment ${paymentId}`);
      payment.status = status;
      if (status === "RECEIVED" || status === "CONFIRMED") {
        payment.paymentDate = today();
        payment.confirmedDate = today();
      }
    },
    async pay(paymentId, opts) {
      fake.setStatus(paymentId, "RECEIVED");
      return postWebhook(payments.get(paymentId)!, opts);
    },
    async notify(paymentId, opts) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake Asaas: no payment ${paymentId}`);
      return postWebhook(payment, opts);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function control(req: IncomingMessage, res: ServerResponse, path: string, body: Record<string, unknown>) {
    if (req.method === "GET" && path === "/_control/payments") return json(res, 200, [...payments.values()]);
    if (req.method === "POST" && path === "/_control/down") {
      fake.down = body.down === true;
      return json(res, 200, { down: fake.down });
    }
    if (req.method === "POST" && path === "/_control/pay") {
      const payment =
        typeof body.paymentId === "string"
          ? payments.get(body.paymentId)
          : fake.paymentFor(
              typeof body.externalReference === "number" ? body.externalReference : (str(body.externalReference) ?? ""),
            );
      if (!payment) return json(res, 404, { error: "no such payment" });
      const webhookUrl = str(body.webhookUrl);
      const webhookToken = str(body.webhookToken);
      if (!webhookUrl || !webhookToken) return json(res, 400, { error: "webhookUrl and webhookToken are required" });
      const webhookStatus = await fake.pay(payment.id, {
        webhookUrl,
        webhookToken,
        event: str(body.event) ?? undefined,
      });
      return json(res, 200, { paymentId: payment.id, webhookStatus });
    }
    return json(res, 404, { error: "unknown control call" });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake-asaas.local");
      const path = url.pathname;
      const body = parseJson(await readBody(req));
      if (path.startsWith("/_control/")) return control(req, res, path, body ?? {});
      requests.push({ method: req.method ?? "", path: `${path}${url.search}`, body });
      if (fake.down) return asaasError(res, 503, "unavailable", "Serviço indisponível.");
      if (req.headers.access_token !== accessToken) return json(res, 401, {});
      if (!body) return asaasError(res, 400, "invalid_json", "JSON inválido.");
      return routeApi(req, res, url, body);
    })().catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
