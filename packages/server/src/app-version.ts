/** The app's version: the project's package.json, read once when the server starts. */
import { readFileSync } from 'node:fs';

const rootPackage = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { version: string };

export const APP_VERSION = rootPackage.version;
