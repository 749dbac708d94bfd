import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { clearOutbox } from '../src/lib/outbox';
import { reportReachable } from '../src/lib/reachability';

/**
 * The end of a test that went offline: the DOM emptied, the server reachable again and accepting
 * whatever the outbox still sends while it is cleared, the outbox empty, fetch restored.
 */
export async function endOfflineTest(): Promise<void> {
  cleanup();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}'))),
  );
  reportReachable(true);
  await clearOutbox();
  vi.unstubAllGlobals();
}
