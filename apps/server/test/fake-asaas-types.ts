/** What the fake Asaas (fake-asaas.ts) keeps and answers: the shapes of Asaas API v3 it speaks. */
export interface FakeAsaasPayment {
  object: "payment";
  id: string;
  dateCreated: string;
  customer: string;
  value: number;
  netValue: number;
  billingType: string;
  status: string;
  dueDate: string;
  originalDueDate: string;
  description: string | null;
  externalReference: string | null;
  paymentDate: string | null;
  confirmedDate: string | null;
  invoiceUrl: string;
  deleted: boolean;
}

export interface FakeAsaasCustomer {
  object: "customer";
  id: string;
  name: string;
  email: string | null;
  cpfCnpj: string | null;
  mobilePhone: string | null;
  externalReference: string | null;
  notificationDisabled: boolean;
  deleted: boolean;
}

/** One API call as the fake received it (its parsed JSON body), for tests to look at what was sent. */
export interface FakeAsaasRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface PayOptions {
  webhookUrl: string;
  webhookToken: string;
  event?: string;
}

export interface FakeAsaas {
  /** The API base to give the server as ASAAS_URL (http://127.0.0.1:PORT). */
  url: string;
  /** The account key the API accepts (set it as the platform's `asaas` setting). */
  accessToken: string;
  customers: Map<string, FakeAsaasCustomer>;
  payments: Map<string, FakeAsaasPayment>;
  requests: FakeAsaasRequest[];
  /** While true, every API call answers 503. */
  down: boolean;
  /** While true, only charge creation (POST /v3/payments) answers 503: a failure between customer and charge. */
  chargesDown: boolean;
  /** The latest charge whose externalReference is this (an invoice id). */
  paymentFor(externalReference: string | number): FakeAsaasPayment | undefined;
  /** Marks the charge RECEIVED (or `status`) without telling anybody. */
  setStatus(paymentId: string, status: string): void;
  /** Marks the charge RECEIVED and posts Asaas' webhook; resolves with our server's answer status. */
  pay(paymentId: string, options: PayOptions): Promise<number>;
  /** Posts a webhook for the charge as it is (no change): a repeat, or an event out of order. */
  notify(paymentId: string, options: PayOptions): Promise<number>;
  close(): Promise<void>;
}
