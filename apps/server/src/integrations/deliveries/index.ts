/**
 * n8n and webhook deliveries (issue 17 item 6): `queueMessageDelivery` (what the
 * integration's turn calls in its transaction), the `deliverWebhook` job, the
 * log's routes, and the media links a delivery's body carries.
 */
export { queueMessageDelivery, type MessageDeliveryInput } from "./queue-delivery.js";
export { deliverWebhook } from "./deliver-webhook.job.js";
export { integrationDeliveriesRoutes } from "./deliveries.routes.js";
export { setMediaLinkBase } from "./media-link.js";
