import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { loadIsPro } from '../plan/load-plan';

/** Pro-only routes answer 403 PRO_REQUIRED to a free user: the gate is here, not only in the UI. */
export function requirePro(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!(await loadIsPro(db, c.get('userId')))) {
      throw new HttpError('PRO_REQUIRED', ERROR_MESSAGES.proRequired);
    }
    await next();
  };
}
