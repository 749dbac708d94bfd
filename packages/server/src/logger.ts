import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

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

export type LogFormat = 'auto' | 'pretty' | 'json';

/**
 * The server's logger: JSON lines to stdout, or to `destination` (tests read what was logged).
 * With format 'auto', a terminal gets readable coloured lines instead; anything else (a pipe,
 * systemd's journal, a log collector) keeps one JSON object per line.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger {
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' } };
  const isTerminal = !destination && process.stdout.isTTY;
  const isPretty = format === 'pretty' || (format === 'auto' && isTerminal);
  if (!isPretty) return destination ? pino(options, destination) : pino(options);
  return pino(
    options,
    pretty({
      colorize: isTerminal,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      ...(destination ? { destination } : {}),
    }),
  );
}

export type { Logger };
