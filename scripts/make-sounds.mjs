#!/usr/bin/env node
/**
 * Synthesises the app's sounds and writes them to packages/web/public/sounds/: a 16-bit mono WAV
 * of each (plays everywhere) and an Ogg Vorbis copy (a tenth of the size, tried first).
 *
 *   node scripts/make-sounds.mjs
 *
 * Everything is made here from sine waves and noise, so the files are ours to give away (CC0).
 * The Ogg copies need `oggenc` (Debian's vorbis-tools); when it is missing and we run as root on
 * Debian the script installs it. The generated files are committed, so neither the build nor the
 * tests need the encoder. The output is deterministic (a seeded noise source).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages/web/public/sounds');
const EFFECT_RATE = 22_050;
const MUSIC_RATE = 11_025;

/** A small deterministic noise source (mulberry32), so reruns give identical files. */
function noise(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 31 - 1;
  };
}

const hz = (midi) => 440 * 2 ** ((midi - 69) / 12);

/** An attack/decay envelope: quick rise, exponential fall. */
function envelope(t, attack, decay) {
  if (t < 0) return 0;
  if (t < attack) return t / attack;
  return Math.exp(-(t - attack) / decay);
}

/** Adds a note into `buffer` (in place): a sine with a few soft harmonics. */
function addNote(
  buffer,
  rate,
  { start, freq, length, gain, attack = 0.005, decay = 0.12, bright = 0.3 },
) {
  const from = Math.floor(start * rate);
  const to = Math.min(buffer.length, Math.floor((start + length) * rate));
  for (let i = from; i < to; i++) {
    const t = (i - from) / rate;
    const phase = 2 * Math.PI * freq * t;
    const tone =
      Math.sin(phase) + bright * Math.sin(2 * phase) + bright * 0.4 * Math.sin(3 * phase);
    // A short fade at the very end so a cut note never clicks.
    const tail = Math.min(1, (to - i) / (rate * 0.004));
    buffer[i] += gain * envelope(t, attack, decay) * tone * tail;
  }
}

function click() {
  const rate = EFFECT_RATE;
  const buffer = new Float32Array(Math.floor(rate * 0.07));
  const random = noise(1);
  for (let i = 0; i < buffer.length; i++) {
    const t = i / rate;
    buffer[i] = 0.5 * Math.sin(2 * Math.PI * 1800 * t) * envelope(t, 0.001, 0.012);
    buffer[i] += 0.25 * random() * envelope(t, 0.0005, 0.004);
  }
  return { name: 'click', rate, buffer };
}

function hover() {
  const rate = EFFECT_RATE;
  const buffer = new Float32Array(Math.floor(rate * 0.09));
  for (let i = 0; i < buffer.length; i++) {
    const t = i / rate;
    // A soft upward blip.
    const freq = 900 + 600 * (t / 0.09);
    buffer[i] = 0.35 * Math.sin(2 * Math.PI * freq * t) * envelope(t, 0.006, 0.025);
  }
  return { name: 'hover', rate, buffer };
}

function complete() {
  const rate = EFFECT_RATE;
  const buffer = new Float32Array(Math.floor(rate * 0.5));
  // A rising major third and fifth: "done".
  [72, 76, 79].forEach((note, index) => {
    addNote(buffer, rate, {
      start: index * 0.07,
      freq: hz(note),
      length: 0.36,
      gain: 0.3,
      decay: 0.12,
    });
  });
  return { name: 'complete', rate, buffer };
}

function levelUp() {
  const rate = EFFECT_RATE;
  const buffer = new Float32Array(Math.floor(rate * 0.95));
  // A fanfare: an arpeggio up to the octave, then a held chord.
  [67, 72, 76, 79].forEach((note, index) => {
    addNote(buffer, rate, {
      start: index * 0.09,
      freq: hz(note),
      length: 0.3,
      gain: 0.26,
      decay: 0.1,
    });
  });
  [72, 76, 79, 84].forEach((note) => {
    addNote(buffer, rate, {
      start: 0.38,
      freq: hz(note),
      length: 0.56,
      gain: 0.16,
      attack: 0.01,
      decay: 0.22,
    });
  });
  return { name: 'level-up', rate, buffer };
}

function coins() {
  const rate = EFFECT_RATE;
  const buffer = new Float32Array(Math.floor(rate * 0.55));
  // Two bright metallic "chings", the second higher: a coin dropped on a counter.
  for (const [start, base] of [
    [0, 1568],
    [0.11, 2093],
  ]) {
    for (const [ratio, gain] of [
      [1, 0.28],
      [2.76, 0.12],
      [5.4, 0.06],
    ]) {
      addNote(buffer, rate, {
        start,
        freq: base * ratio,
        length: 0.42,
        gain,
        attack: 0.001,
        decay: 0.09,
        bright: 0,
      });
    }
  }
  return { name: 'coins', rate, buffer };
}

/**
 * A calm 16-second loop in C major (I–vi–IV–V), 120 bpm: soft pads, a plucked melody and a bass.
 * Every note ends before the loop point, so the loop is seamless.
 */
function music() {
  const rate = MUSIC_RATE;
  const beat = 0.5;
  const bars = 8;
  const buffer = new Float32Array(Math.floor(rate * beat * 4 * bars));
  const chords = [
    [60, 64, 67],
    [57, 60, 64],
    [53, 57, 60],
    [55, 59, 62],
  ];
  const melody = [76, 79, 77, 76, 72, 74, 76, 72, 72, 74, 76, 77, 74, 71, 74, 79];
  for (let bar = 0; bar < bars; bar++) {
    const chord = chords[bar % chords.length];
    const barStart = bar * 4 * beat;
    for (const note of chord) {
      addNote(buffer, rate, {
        start: barStart,
        freq: hz(note),
        length: 4 * beat - 0.02,
        gain: 0.07,
        attack: 0.25,
        decay: 1.6,
        bright: 0.1,
      });
    }
    addNote(buffer, rate, {
      start: barStart,
      freq: hz(chord[0] - 12),
      length: 2 * beat,
      gain: 0.16,
      decay: 0.5,
      bright: 0.2,
    });
    addNote(buffer, rate, {
      start: barStart + 2 * beat,
      freq: hz(chord[0] - 12),
      length: 2 * beat - 0.02,
      gain: 0.12,
      decay: 0.4,
      bright: 0.2,
    });
    for (let step = 0; step < 2; step++) {
      const note = melody[(bar * 2 + step) % melody.length];
      addNote(buffer, rate, {
        start: barStart + step * 2 * beat,
        freq: hz(note),
        length: 2 * beat - 0.02,
        gain: 0.11,
        decay: 0.35,
        bright: 0.25,
      });
    }
  }
  return { name: 'music', rate, buffer };
}

/** Scales to a peak of `peak` and writes 16-bit PCM mono WAV bytes. */
function wav({ rate, buffer }, peak = 0.8) {
  const max = buffer.reduce((m, v) => Math.max(m, Math.abs(v)), 0) || 1;
  const scale = peak / max;
  const bytes = Buffer.alloc(44 + buffer.length * 2);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(36 + buffer.length * 2, 4);
  bytes.write('WAVE', 8, 'ascii');
  bytes.write('fmt ', 12, 'ascii');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20); // PCM
  bytes.writeUInt16LE(1, 22); // mono
  bytes.writeUInt32LE(rate, 24);
  bytes.writeUInt32LE(rate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'ascii');
  bytes.writeUInt32LE(buffer.length * 2, 40);
  for (let i = 0; i < buffer.length; i++) {
    const sample = Math.max(-1, Math.min(1, buffer[i] * scale));
    bytes.writeInt16LE(Math.round(sample * 32767), 44 + i * 2);
  }
  return bytes;
}

function ensureOggenc() {
  if (spawnSync('oggenc', ['--version']).status === 0) return true;
  if (process.getuid?.() !== 0) return false;
  console.log('installing vorbis-tools (oggenc) with apt-get…');
  const install = spawnSync('apt-get', ['install', '-y', 'vorbis-tools'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return install.status === 0 && spawnSync('oggenc', ['--version']).status === 0;
}

mkdirSync(OUT, { recursive: true });
const hasOggenc = ensureOggenc();
if (!hasOggenc) console.warn('oggenc is missing: only the WAV files were written.');
for (const sound of [click(), hover(), complete(), levelUp(), coins(), music()]) {
  const wavPath = join(OUT, `${sound.name}.wav`);
  writeFileSync(wavPath, wav(sound, sound.name === 'music' ? 0.7 : 0.85));
  if (hasOggenc) {
    // Quality 0 (about 64 kbit/s) is plenty for these; -Q keeps the log short.
    execFileSync('oggenc', [
      '-Q',
      '-q',
      sound.name === 'music' ? '1' : '2',
      '-o',
      join(OUT, `${sound.name}.ogg`),
      wavPath,
    ]);
  }
  console.log(`wrote ${sound.name} (${(sound.buffer.length / sound.rate).toFixed(2)} s)`);
}
