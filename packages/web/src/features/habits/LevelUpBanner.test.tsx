// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { celebrateLevelUp, dismissLevelUp } from './level-up';
import { LevelUpBanner } from './LevelUpBanner';

afterEach(() => {
  act(() => {
    dismissLevelUp();
  });
  cleanup();
});

describe('LevelUpBanner', () => {
  it('goes at a tap anywhere on it, so it never stands in front of the buttons under it', () => {
    render(<LevelUpBanner />);
    act(() => {
      celebrateLevelUp(3);
    });
    fireEvent.click(screen.getByText('Level 3 reached!'));
    expect(screen.queryByText('Level 3 reached!')).toBeNull();
  });

  it('goes on its Dismiss button too, the way for keyboards', () => {
    render(<LevelUpBanner />);
    act(() => {
      celebrateLevelUp(2);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Level 2 reached!')).toBeNull();
  });
});
