/** A minimal Server-Sent Events reader for tests: real HTTP, frames parsed as they arrive. */
import type { TestClient } from './harness';

export type SseEvent = {
  id?: string;
  event: string;
  data: unknown;
  /** The reconnect delay the frame suggests, in milliseconds. */
  retry?: number;
};

export type EventStream = {
  /** The next event of `type` (skipping others), or a rejection after `timeoutMs`. */
  next: (type: string, timeoutMs?: number) => Promise<SseEvent>;
  /** Every event received so far. */
  received: SseEvent[];
  /** Settles when the stream has ended, whoever ended it. */
  closed: Promise<void>;
  close: () => void;
};

export async function openEvents(
  client: TestClient,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${client.baseUrl}/api/events`, {
    headers: { cookie: client.cookieHeader, ...headers },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`events stream answered ${response.status}`);
  const received: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const closed = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          received.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // closed
    } finally {
      for (const wake of waiters.splice(0)) wake();
    }
  })();
  let cursor = 0;
  return {
    received,
    closed,
    next: (type, timeoutMs = 2000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(
            new Error(`no '${type}' event within ${timeoutMs} ms; got ${JSON.stringify(received)}`),
          );
        }, timeoutMs);
        const look = (): void => {
          while (cursor < received.length) {
            const event = received[cursor];
            cursor += 1;
            if (event?.event === type) {
              clearTimeout(timer);
              resolve(event);
              return;
            }
          }
          waiters.push(look);
        };
        look();
      }),
    close: () => {
      controller.abort();
    },
  };
}

function parseFrame(frame: string): SseEvent {
  const event: SseEvent = { event: 'message', data: null };
  const data: string[] = [];
  for (const line of frame.split('\n')) {
    const index = line.indexOf(':');
    const field = index < 0 ? line : line.slice(0, index);
    const value = index < 0 ? '' : line.slice(index + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry') event.retry = Number(value);
  }
  const text = data.join('\n');
  try {
    event.data = text ? JSON.parse(text) : null;
  } catch {
    event.data = text;
  }
  return event;
}
