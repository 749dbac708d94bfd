import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const OUTBOX = path.resolve('test-results/e2e-data/outbox');

/** The reset link of the newest mail to `to` in the server's outbox (no SMTP_URL in e2e). */
export async function resetLinkFor(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = readdirSync(OUTBOX)
          .filter((name) => name.includes(to.replace(/[^a-z0-9@.-]/gi, '_')))
          .sort();
        const last = files.at(-1);
        link = last
          ? /https?:\/\/\S+\/auth\/update-password\?token=\S+/.exec(
              readFileSync(path.join(OUTBOX, last), 'utf8'),
            )?.[0]
          : undefined;
        return link;
      },
      { timeout: 5000 },
    )
    .toBeTruthy();
  return link ?? '';
}
