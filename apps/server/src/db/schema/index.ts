export * from "./plans.js";
export * from "./companies.js";
export * from "./queues.js";
export * from "./users.js";
export * from "./system.js";
export * from "./tags.js";
export * from "./contacts.js";
export * from "./announcements.js";
