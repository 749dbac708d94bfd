// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs } from './Tabs';

const TABS = [
  { value: 'one', label: 'One' },
  { value: 'two', label: 'Two' },
] as const;

function Harness() {
  const [tab, setTab] = useState<'one' | 'two'>('one');
  return (
    <Tabs label="Views" tabs={TABS} value={tab} onChange={setTab}>
      <p>Showing {tab}</p>
    </Tabs>
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Tabs', () => {
  it('a pressed tab is chosen and focused without the keyboard’s focus ring', () => {
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    render(<Harness />);
    const two = screen.getByRole('tab', { name: 'Two' });
    fireEvent.mouseDown(two);
    expect(two.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Showing two')).toBeTruthy();
    expect(document.activeElement).toBe(two);
    // Every focus a press gave asked for no ring (the keys' focus is Radix's own, with it).
    expect(focus.mock.calls.map(([options]) => options)).toEqual([{ focusVisible: false }]);
  });

  it('arrow keys still move between the tabs and choose them', async () => {
    render(<Harness />);
    const one = screen.getByRole('tab', { name: 'One' });
    fireEvent.mouseDown(one);
    fireEvent.keyDown(one, { key: 'ArrowRight' });
    const two = screen.getByRole('tab', { name: 'Two' });
    await vi.waitFor(() => {
      expect(document.activeElement).toBe(two);
    });
    expect(two.getAttribute('aria-selected')).toBe('true');
  });
});
