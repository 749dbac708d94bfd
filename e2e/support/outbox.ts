import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { OUTBOX_DIR } from './e2e-env';

/** The reset link of the newest mail to `to` in the server's outbox (no SMTP_URL in e2e). */
export async function resetLinkFor(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = readdirSync(OUTBOX_DIR)
          .filter(
            (name) => name.endsWith('.eml') && name.includes(to.replace(/[^a-z0-9@.-]/gi, '_')),
          )
          .sort();
        const last = files.at(-1);
        link = last
          ? /https?:\/\/\S+\/auth\/update-password\?token=\S+/.exec(
              readFileSync(path.join(OUTBOX_DIR, last), 'utf8'),
            )?.[0]
          : undefined;
        return link;
      },
      { timeout: 5000 },
    )
    .toBeTruthy();
  return link ?? '';
}
