/**
 * Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise every mail is written to
 * the log and to DATA_DIR/outbox/, so a local password reset still works without a mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/** The mailer the configuration names: SMTP_URL's server, else DATA_DIR/outbox/. */
export function configuredMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  logger: Logger,
): Mailer {
  return createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
  });
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    send: async (mail) => {
      await mkdir(outboxDir, { recursive: true });
      // A random part keeps two mails of one millisecond to one address apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${slug(mail.to)}-${randomBytes(3).toString('hex')}`;
      const file = path.join(outboxDir, `${name}.eml`);
      const message = `From: ${from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
      // Written under another name and renamed, so that whoever watches the folder for .eml
      // files (a person, a script, a test) never reads a mail half written.
      const partial = path.join(outboxDir, `.${name}.partial`);
      await writeFile(partial, message, { mode: 0o600 });
      await rename(partial, file);
      logger.info(
        { to: mail.to, subject: mail.subject, file },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
  };
}

function slug(value: string): string {
  return value.replace(/[^a-z0-9@.-]/gi, '_').slice(0, 80);
}
