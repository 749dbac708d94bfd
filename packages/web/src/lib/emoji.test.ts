import fc from 'fast-check';
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

  it('only ever adds selectors, and a second pass adds none', () => {
    const symbols = fc.constantFrom(
      '☕',
      '✈',
      '♥',
      '⚽',
      '🍕',
      '\uFE0F',
      '\uFE0E',
      '\u200D',
      'A',
      '1',
      '#',
      '©',
      ' ',
      '読',
    );
    fc.assert(
      fc.property(fc.array(symbols, { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        const drawn = emojiPresentation(text);
        expect(drawn.replaceAll('\uFE0F', '')).toBe(text.replaceAll('\uFE0F', ''));
        expect(emojiPresentation(drawn)).toBe(drawn);
      }),
    );
  });
});
