import { expect, it, vi } from 'vitest';
import { createListeners } from './listeners';

it('calls each listener with what is emitted until it unsubscribes', () => {
  const news = createListeners<[notice: string]>();
  const first = vi.fn();
  const second = vi.fn();
  const stopFirst = news.subscribe(first);
  news.subscribe(second);
  news.emit('one');
  stopFirst();
  stopFirst(); // twice is harmless
  news.emit('two');
  expect(first.mock.calls).toEqual([['one']]);
  expect(second.mock.calls).toEqual([['one'], ['two']]);
});

it('a round calls those subscribed as it starts, whatever they change meanwhile', () => {
  const changed = createListeners();
  const calls: string[] = [];
  const late = () => calls.push('late');
  let stopB = (): void => undefined;
  changed.subscribe(() => {
    calls.push('a');
    stopB();
    changed.subscribe(late);
  });
  stopB = changed.subscribe(() => calls.push('b'));
  // 'a' unsubscribes 'b' and subscribes 'late': this round still calls 'b', and not 'late'.
  changed.emit();
  expect(calls).toEqual(['a', 'b']);
  calls.length = 0;
  changed.emit();
  expect(calls).toEqual(['a', 'late']);
});
