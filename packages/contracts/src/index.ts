export * from "./errors.js";
export * from "./permissions.js";
export * from "./constants.js";
export * from "./settings.js";
export * from "./realtime.js";
export * from "./entities.js";
export * from "./schemas.js";
export * from "./schemas/queues.js";
