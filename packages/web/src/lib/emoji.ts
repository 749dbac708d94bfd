/**
 * Emoji a user picked or typed (a reward's icon, a habit's), drawn in colour. Symbols of the
 * Basic Multilingual Plane such as ☕ (U+2615) or ✈ (U+2708) are also in ordinary text fonts:
 * a browser draws them from the first font of the page's stack that has them (DejaVu Sans on
 * Linux, a dark outline on a dark tile) unless the character asks for its emoji form with the
 * variation selector U+FE0F. This adds it after each such symbol that has no selector of its own.
 * Only U+2000 and above: digits, '#' and '*' are emoji too (keycaps), and stay text; so do © ®.
 * What is stored is left as it was; only what is drawn changes.
 */
const BARE_SYMBOL = /(\p{Extended_Pictographic})(?![\uFE0E\uFE0F])/gu;

export function emojiPresentation(text: string): string {
  return text.replace(BARE_SYMBOL, (symbol: string) =>
    (symbol.codePointAt(0) ?? 0) >= 0x2000 && (symbol.codePointAt(0) ?? 0) <= 0xffff
      ? `${symbol}\uFE0F`
      : symbol,
  );
}
