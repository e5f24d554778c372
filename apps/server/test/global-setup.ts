import { prepareTemplate } from "./database.js";

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await prepareTemplate(url);
}
