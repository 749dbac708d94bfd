import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RingBuffer } from './ring-buffer';

/** What the ring must equal: an array cut to its last `capacity` items after every step. */
type Step = { push: number } | { clear: true } | { after: number };

const steps = fc.array(
  fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0, max: 30 }).map((push) => ({ push })) },
    { weight: 1, arbitrary: fc.constant({ clear: true as const }) },
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 30 }).map((after) => ({ after })) },
  ),
  { maxLength: 120 },
);

describe('RingBuffer', () => {
  it('holds the last `capacity` items in order through any pushes, clears and reads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), steps, (capacity, script: Step[]) => {
        const ring = new RingBuffer<number>(capacity);
        let model: number[] = [];
        for (const step of script) {
          if ('push' in step) {
            ring.push(step.push);
            model = [...model, step.push].slice(-capacity);
          } else if ('clear' in step) {
            ring.clear();
            model = [];
          } else {
            const mark = model.lastIndexOf(step.after);
            expect(ring.after((item) => item === step.after)).toEqual(
              mark < 0 ? null : model.slice(mark + 1),
            );
          }
          expect(ring.toArray()).toEqual(model);
          expect(ring.size).toBe(model.length);
        }
      }),
    );
  });

  it('answers nothing after the newest item, and null for one it no longer holds', () => {
    const ring = new RingBuffer<string>(2);
    for (const id of ['a', 'b', 'c']) ring.push(id);
    expect(ring.after((id) => id === 'c')).toEqual([]);
    expect(ring.after((id) => id === 'b')).toEqual(['c']);
    expect(ring.after((id) => id === 'a')).toBeNull();
  });

  it('refuses a capacity that holds nothing', () => {
    expect(() => new RingBuffer(0)).toThrow(RangeError);
    expect(() => new RingBuffer(1.5)).toThrow(RangeError);
  });
});
