export { createFront, FRONT_CLIENT_ADDRESS_HEADER, FRONT_NONCE_HEADER, type Worker } from "./front.ts";
export { PageStore } from "./page-store.ts";
export { cacheableRequest, type KeySettings } from "./cache-key.ts";
export { fromFront } from "./from-front.ts";
