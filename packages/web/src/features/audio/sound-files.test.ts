/**
 * The committed sound files (made by scripts/make-sounds.mjs): each WAV is a valid 16-bit PCM
 * mono file of the expected length that is not silent, and each has its Ogg Vorbis twin.
 */
// A Node test of the files in public/, never bundled: it reads them from disk.
// eslint-disable-next-line no-restricted-imports
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SOUND_NAMES, soundUrls } from './engine';

const PUBLIC = new URL('../../../public', import.meta.url);

type Wav = { rate: number; channels: number; bits: number; samples: Int16Array };

function readWav(bytes: Buffer): Wav {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.toString('ascii', 8, 12)).toBe('WAVE');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  // Walk the chunks: fmt first, then data.
  let offset = 12;
  let format: Omit<Wav, 'samples'> | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      expect(bytes.readUInt16LE(body)).toBe(1); // PCM
      format = {
        channels: bytes.readUInt16LE(body + 2),
        rate: bytes.readUInt32LE(body + 4),
        bits: bytes.readUInt16LE(body + 14),
      };
    }
    if (id === 'data') {
      if (!format) throw new Error('data before fmt');
      const samples = new Int16Array(size / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(body + i * 2);
      return { ...format, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error('no data chunk');
}

function rms(samples: Int16Array): number {
  let sum = 0;
  for (const sample of samples) sum += (sample / 32768) ** 2;
  return Math.sqrt(sum / samples.length);
}

const fileOf = (url: string): URL => new URL(`.${url}`, `${PUBLIC.href}/`);

describe('sound files', () => {
  for (const name of [...SOUND_NAMES, 'music'] as const) {
    it(`${name}: decodes, has the expected length, and is not silent`, () => {
      const [ogg, wav] = soundUrls(name).map(fileOf);
      if (!ogg || !wav) throw new Error('two formats expected');
      const decoded = readWav(readFileSync(wav));
      expect(decoded).toMatchObject({ channels: 1, bits: 16 });
      const seconds = decoded.samples.length / decoded.rate;
      if (name === 'music') {
        expect(seconds).toBeGreaterThanOrEqual(8);
        expect(seconds).toBeLessThanOrEqual(30);
      } else {
        expect(seconds).toBeGreaterThan(0.03);
        expect(seconds).toBeLessThan(1);
      }
      expect(rms(decoded.samples)).toBeGreaterThan(0.02);
      // Never clipped: the script scales to a peak below full scale.
      expect(decoded.samples.reduce((peak, v) => Math.max(peak, Math.abs(v)), 0)).toBeLessThan(
        32767,
      );

      const oggBytes = readFileSync(ogg);
      expect(oggBytes.toString('ascii', 0, 4)).toBe('OggS');
      expect(oggBytes.includes(Buffer.from('vorbis'))).toBe(true);
      expect(statSync(ogg).size).toBeLessThan(64 * 1024);
    });
  }
});
