/**
 * The checksum of an export file (docs/product.md, "Export file"): FNV-1a 64 of the canonical
 * JSON of its `data`, so that an edit made after the export is detected on import.
 */
import { canonicalJson } from '../canonical-json';

/**
 * FNV-1a 64-bit of the text's UTF-8 bytes, as 16 hex digits. Computed on four 16-bit limbs
 * rather than BigInt because backups can be megabytes long; no node:crypto, since the browser
 * runs this too.
 */
export function fnv1a64(textValue: string): string {
  const hash = fnv1a64Hasher();
  hash.update(textValue);
  return hash.digest();
}

/**
 * fnv1a64 fed piece by piece: the digest of the pieces is fnv1a64 of their concatenation, so a
 * large file can be hashed while it is written. A piece must not end inside a surrogate pair.
 */
export function fnv1a64Hasher(): { update: (textValue: string) => void; digest: () => string } {
  // Offset basis 0xcbf29ce484222325, lowest limb first.
  let v0 = 0x2325;
  let v1 = 0x8422;
  let v2 = 0x9ce4;
  let v3 = 0xcbf2;
  const step = (byte: number): void => {
    v0 ^= byte;
    // Multiply by the prime 0x100000001b3 = 2^40 + 0x1b3, carrying between the limbs.
    const t0 = v0 * 0x1b3;
    const t1 = v1 * 0x1b3 + (t0 >>> 16);
    const t2 = v2 * 0x1b3 + (v0 << 8) + (t1 >>> 16);
    const t3 = v3 * 0x1b3 + (v1 << 8) + (t2 >>> 16);
    v0 = t0 & 0xffff;
    v1 = t1 & 0xffff;
    v2 = t2 & 0xffff;
    v3 = t3 & 0xffff;
  };
  return {
    update: (textValue) => {
      for (let index = 0; index < textValue.length; index += 1) {
        const code = textValue.codePointAt(index) ?? 0;
        if (code > 0xffff) index += 1; // the low surrogate was read with the high one
        utf8(code, step);
      }
    },
    digest: () => [v3, v2, v1, v0].map((limb) => limb.toString(16).padStart(4, '0')).join(''),
  };
}

/** Feeds the UTF-8 bytes of one code point (a lone surrogate as its 3-byte form). */
function utf8(code: number, step: (byte: number) => void): void {
  if (code < 0x80) {
    step(code);
    return;
  }
  const continuations = code < 0x800 ? 1 : code < 0x10000 ? 2 : 3;
  // The lead byte starts with one 1-bit per byte of the sequence: 110xxxxx, 1110xxxx, 11110xxx.
  step(((0xff << (7 - continuations)) & 0xff) | (code >> (6 * continuations)));
  for (let shift = 6 * (continuations - 1); shift >= 0; shift -= 6) {
    step(0x80 | ((code >> shift) & 0x3f));
  }
}

/** The checksum of a file's `data`: FNV-1a 64 of its canonical JSON. */
export function checksumOf(data: unknown): string {
  return fnv1a64(canonicalJson(data));
}
