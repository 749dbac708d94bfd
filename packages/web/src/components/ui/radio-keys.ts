import type { KeyboardEvent } from 'react';

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The keyboard of a group of `role="radio"` buttons, as WAI-ARIA's radio group has it: one Tab
 * stop (`tabIndex`: the checked option's), and the arrow keys, Home and End move to another option
 * and choose it. Written here rather than taken from a library: the hero's theme switch is in the
 * first download, where a radio-group package would cost about 10 KB gzip (docs/decisions.md,
 * "first download").
 */
export function radioGroupKeys<T>(values: readonly T[], choose: (value: T) => void) {
  return {
    onKeyDown: (event: KeyboardEvent<HTMLElement>): void => {
      const radios = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]')];
      const at = radios.findIndex((radio) => radio === event.target);
      if (at < 0) return;
      const step = STEPS[event.key];
      const next =
        step !== undefined
          ? (at + step + radios.length) % radios.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? radios.length - 1
              : null;
      const value = next === null ? undefined : values[next];
      if (next === null || value === undefined) return;
      event.preventDefault();
      radios[next]?.focus();
      choose(value);
    },
  };
}

/** The option's place in the Tab order: only the checked one is a stop. */
export const radioTabIndex = (isChecked: boolean): 0 | -1 => (isChecked ? 0 : -1);
