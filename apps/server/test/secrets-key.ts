/**
 * The SECRETS_KEY of test servers: one for every server of a run, as the
 * several nodes of one database must share one (secrets/key.ts). Servers in
 * one test process must agree anyway: the key is process-wide (secrets/index.ts).
 */
export const TEST_SECRETS_KEY = "dGVzdC1zZWNyZXRzLWtleS0zMi1ieXRlcy1sb25nISE=";
