/** Tests only: every request a component makes stays on its way, never answered. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Stubs fetch before each test of the file, and removes the stub and the DOM after it. */
export function keepRequestsPending(): void {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
