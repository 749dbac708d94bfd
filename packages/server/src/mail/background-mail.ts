/**
 * Mail sent after the answer: a request that mails (a password reset) answers without waiting for
 * the mail server, so how long its answer takes cannot tell whether a mail went out, that is,
 * whether the address has an account (docs/security.md, "Password reset"). A mail that fails is
 * logged, never thrown: by then the answer is gone, and nothing may reject unhandled. The server
 * waits for mail still on its way before it stops (`settled`).
 */
import type { Logger } from '../logger';
import type { Mail, Mailer } from './mailer';

/**
 * How long a stopping server waits for mail still on its way (a reset link asked for just before)
 * before it closes anyway: within main.ts's 10 seconds for the whole shutdown, and far longer than
 * a mail server that answers takes.
 */
export const MAIL_ON_SHUTDOWN_MS = 5_000;

export type BackgroundMailer = {
  /**
   * Starts sending and returns at once; a failure is logged. A mail that needs a read first (which
   * words to send) is given as a function, so that read is made after the answer too.
   */
  send: (mail: Mail | (() => Promise<Mail>)) => void;
  /**
   * Resolves once every mail started so far is sent or its failure logged, or after `withinMs`,
   * logging how many were still on their way. Never rejects.
   */
  settled: (withinMs: number) => Promise<void>;
};

export function backgroundMailer(mailer: Mailer, logger: Logger): BackgroundMailer {
  const sending = new Set<Promise<void>>();
  return {
    send: (mail) => {
      // Started on the next microtask, so even a mailer that throws at once cannot throw here.
      let shown: Partial<Mail> = typeof mail === 'function' ? {} : mail;
      const task = Promise.resolve()
        .then(async () => {
          const written = typeof mail === 'function' ? await mail() : mail;
          shown = written;
          await mailer.send(written);
        })
        .catch((error: unknown) => {
          logger.error(
            { err: error, to: shown.to, subject: shown.subject },
            'could not send a mail',
          );
        })
        .finally(() => {
          sending.delete(task);
        });
      sending.add(task);
    },
    settled: async (withinMs) => {
      if (sending.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      const isDone = await Promise.race([
        Promise.all(sending).then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => {
            resolve(false);
          }, withinMs);
        }),
      ]);
      clearTimeout(timer);
      if (!isDone) logger.warn({ mails: sending.size }, 'stopped with mail still being sent');
    },
  };
}
