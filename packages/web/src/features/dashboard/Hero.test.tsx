// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { meFixture } from '../../../test/me-fixture';
import { Hero } from './Hero';

afterEach(cleanup);

function renderHero(xp: number) {
  const me = meFixture();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Hero
        me={{ ...me, progress: { ...me.progress, xp } }}
        day={null}
        date="2026-06-10"
        today="2026-06-10"
      />
    </QueryClientProvider>,
  );
  return screen.getByText('Total XP', { selector: 'dt' }).nextElementSibling;
}

describe('the hero', () => {
  it("shortens a total of five digits or more for a phone's tile, and reads out the whole", () => {
    const total = renderHero(12_500);
    const [short, whole] = [...(total?.children ?? [])];
    // Shown on a phone only, and hidden from screen readers.
    expect(short?.textContent).toBe('12.5K');
    expect(short?.getAttribute('aria-hidden')).toBe('true');
    expect(short?.className).toContain('sm:hidden');
    // Read out everywhere, shown from 640 px.
    expect(whole?.textContent).toBe('12,500');
    expect(whole?.className).toContain('max-sm:sr-only');
  });

  it('shows a smaller total whole everywhere', () => {
    const total = renderHero(9_999);
    expect(total?.textContent).toBe('9,999');
    expect(total?.children).toHaveLength(0);
  });
});
