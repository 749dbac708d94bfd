import pino, { type Logger } from 'pino';

/**
 * Credentials must never reach a log line, whatever code path logs a request or an error.
 */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}

export type { Logger };
