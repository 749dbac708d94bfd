import { describe, expect, it } from 'vitest';
import { emojiPresentation } from './emoji';

describe('emojiPresentation', () => {
  it('asks for the colour form of a bare symbol that text fonts also have', () => {
    expect(emojiPresentation('☕')).toBe('☕\uFE0F');
    expect(emojiPresentation('✈')).toBe('✈\uFE0F');
    expect(emojiPresentation('♥ ☀')).toBe('♥\uFE0F ☀\uFE0F');
  });

  it('leaves alone what already says how to draw it, and what no text font has', () => {
    for (const icon of ['✈️', '🛍️', '☕\uFE0E', '🍕', '❤️‍🔥', '👨‍👩‍👧', '🏳️‍🌈', '👍🏽']) {
      expect(emojiPresentation(icon)).toBe(icon);
    }
  });

  it('leaves text alone: letters, digits, keycap bases, © and ®, other scripts', () => {
    for (const text of ['A1#*', '© ®', '読書', 'Run 5 km', '']) {
      expect(emojiPresentation(text)).toBe(text);
    }
  });
});
