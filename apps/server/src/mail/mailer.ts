/** Outgoing mail: SMTP when configured, otherwise the outbox table and the server log. */
import nodemailer from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { mailOutbox } from "../db/schema/index.js";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  if (!config.SMTP_HOST) {
    return {
      async send(mail) {
        await db.insert(mailOutbox).values(mail);
        // Without SMTP the log is how a developer reads the mail (e.g. a reset code); in production
        // logs travel further than the database, and the text stays in the mail_outbox table only.
        const text = config.NODE_ENV === "production" ? {} : { text: mail.text };
        log.info({ mail: { to: mail.to, subject: mail.subject, ...text } }, "mail written to the outbox");
      },
    };
  }
  const transport = nodemailer.createTransport({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE === "true" || config.SMTP_PORT === 465,
    auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS ?? "" } : undefined,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: config.SMTP_FROM, ...mail });
      log.info({ to: mail.to, subject: mail.subject }, "mail sent");
    },
  };
}
