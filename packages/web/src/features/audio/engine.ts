/**
 * The app's one audio engine (Web Audio). Sound effects and a looping background track, both
 * served as static files from /sounds/ with a fallback format each.
 *
 * - Nothing plays, and no AudioContext exists, before the user's first gesture: browsers refuse
 *   to start audio without one, and a page that makes noise on load is rude.
 * - A suspended context (a background tab, an OS interruption) is resumed before each sound.
 * - Volumes go through two gain nodes, so a new volume applies at once, to a sound already
 *   playing too.
 * - The music loops until music or audio as a whole is turned off.
 * - Every failure (no Web Audio, a file that will not load or decode, a refused resume) is
 *   silent: sounds are a nicety, never a reason for an error message.
 */
import type { AudioSettings } from '@habitquest/contracts/settings';

export const SOUND_NAMES = ['click', 'hover', 'complete', 'level-up', 'coins'] as const;
export type SoundName = (typeof SOUND_NAMES)[number];
type Track = SoundName | 'music';

/** The files of a sound, best first: Ogg Vorbis is a tenth of the size, WAV plays everywhere. */
export function soundUrls(name: Track): string[] {
  return [`/sounds/${name}.ogg`, `/sounds/${name}.wav`];
}

/** What a test (or a curious developer) can read of the engine; never used by the app itself. */
export type AudioEngineState = {
  unlocked: boolean;
  /** Hidden to the desktop shell's tray. */
  suspended: boolean;
  contextState: AudioContextState | 'none';
  soundEffects: boolean;
  effectsVolume: number;
  music: boolean;
  musicVolume: number;
  musicPlaying: boolean;
  musicLoop: boolean;
  /** Effects started since the page loaded, oldest first (the last 50). */
  played: SoundName[];
};

type Deps = {
  createContext: () => AudioContext;
  fetchBytes: (url: string) => Promise<ArrayBuffer>;
};

const DEFAULTS: AudioSettings = {
  soundEffects: true,
  effectsVolume: 0.25,
  music: false,
  musicVolume: 0.5,
};

export class AudioEngine {
  private settings: AudioSettings = DEFAULTS;
  private context: AudioContext | null = null;
  private effectsGain: GainNode | null = null;
  private musicGain: GainNode | null = null;
  private musicSource: AudioBufferSourceNode | null = null;
  private musicStarting = false;
  private readonly buffers = new Map<Track, Promise<AudioBuffer | null>>();
  private readonly played: SoundName[] = [];
  private unlocked = false;
  /** Hidden to the desktop shell's tray: silent until shown again (docs/desktop.md). */
  private suspended = false;

  constructor(private readonly deps: Deps) {}

  /** The user's audio settings; applied at once (volumes, music on or off). */
  configure(settings: AudioSettings): void {
    this.settings = settings;
    this.applyVolumes();
    this.syncMusic();
  }

  /** Called on the first user gesture: from now on sounds may play. */
  unlock(): void {
    if (this.unlocked) return;
    this.unlocked = true;
    this.syncMusic();
  }

  /** Stops the music and every sound while hidden to the tray; shown again, the music resumes. */
  setSuspended(isSuspended: boolean): void {
    this.suspended = isSuspended;
    if (isSuspended) {
      this.stopMusic();
      void this.context?.suspend().catch(() => undefined);
    } else {
      this.syncMusic();
    }
  }

  /** Plays an effect, if audio is on and the user has interacted with the page. */
  play(name: SoundName): void {
    if (
      this.suspended ||
      !this.unlocked ||
      !this.settings.soundEffects ||
      this.settings.effectsVolume <= 0
    )
      return;
    const context = this.ensureContext();
    if (!context || !this.effectsGain) return;
    const output = this.effectsGain;
    void this.resume(context)
      .then(() => this.load(name))
      .then((buffer) => {
        if (!buffer) return;
        const source = context.createBufferSource();
        source.buffer = buffer;
        source.connect(output);
        source.start();
        this.played.push(name);
        if (this.played.length > 50) this.played.shift();
      })
      .catch(() => undefined);
  }

  /** Stops everything and lets the context go (sign-out, tests). */
  dispose(): void {
    this.stopMusic();
    void this.context?.close().catch(() => undefined);
    this.context = null;
    this.effectsGain = null;
    this.musicGain = null;
    this.buffers.clear();
  }

  state(): AudioEngineState {
    return {
      unlocked: this.unlocked,
      suspended: this.suspended,
      contextState: this.context?.state ?? 'none',
      soundEffects: this.settings.soundEffects,
      effectsVolume: this.effectsGain?.gain.value ?? this.settings.effectsVolume,
      music: this.settings.music,
      musicVolume: this.musicGain?.gain.value ?? this.settings.musicVolume,
      musicPlaying: this.musicSource !== null,
      musicLoop: this.musicSource?.loop ?? false,
      played: [...this.played],
    };
  }

  private ensureContext(): AudioContext | null {
    if (this.context) return this.context;
    try {
      const context = this.deps.createContext();
      this.effectsGain = context.createGain();
      this.musicGain = context.createGain();
      this.effectsGain.connect(context.destination);
      this.musicGain.connect(context.destination);
      this.context = context;
      this.applyVolumes();
      return context;
    } catch {
      return null;
    }
  }

  private async resume(context: AudioContext): Promise<void> {
    if (context.state === 'suspended') await context.resume();
  }

  private applyVolumes(): void {
    if (!this.context) return;
    const now = this.context.currentTime;
    this.effectsGain?.gain.setValueAtTime(clampVolume(this.settings.effectsVolume), now);
    this.musicGain?.gain.setValueAtTime(clampVolume(this.settings.musicVolume), now);
  }

  /** Music plays while audio is on, music is on and the page has been interacted with. */
  private syncMusic(): void {
    const wanted =
      !this.suspended && this.unlocked && this.settings.soundEffects && this.settings.music;
    if (!wanted) {
      this.stopMusic();
      return;
    }
    if (this.musicSource || this.musicStarting) return;
    const context = this.ensureContext();
    if (!context || !this.musicGain) return;
    const output = this.musicGain;
    this.musicStarting = true;
    void this.resume(context)
      .then(() => this.load('music'))
      .then((buffer) => {
        this.musicStarting = false;
        // The settings may have changed while the file loaded.
        const stillWanted =
          !this.suspended && this.unlocked && this.settings.soundEffects && this.settings.music;
        if (!buffer || !stillWanted || this.musicSource) return;
        const source = context.createBufferSource();
        source.buffer = buffer;
        source.loop = true;
        source.connect(output);
        source.start();
        this.musicSource = source;
      })
      .catch(() => {
        this.musicStarting = false;
      });
  }

  private stopMusic(): void {
    const source = this.musicSource;
    this.musicSource = null;
    if (!source) return;
    try {
      source.stop();
      source.disconnect();
    } catch {
      // already stopped
    }
  }

  /** The decoded sound, trying each of its files in turn; null when none will load. */
  private load(name: Track): Promise<AudioBuffer | null> {
    const cached = this.buffers.get(name);
    if (cached) return cached;
    const loading = (async () => {
      const context = this.context;
      if (!context) return null;
      for (const url of soundUrls(name)) {
        try {
          const bytes = await this.deps.fetchBytes(url);
          return await context.decodeAudioData(bytes);
        } catch {
          // try the next format
        }
      }
      return null;
    })();
    this.buffers.set(name, loading);
    return loading;
  }
}

function clampVolume(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.arrayBuffer();
}

function createContext(): AudioContext {
  // Older Safari only has the prefixed constructor; anywhere without either, audio stays off.
  const scope = window as unknown as {
    AudioContext?: typeof AudioContext;
    webkitAudioContext?: typeof AudioContext;
  };
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  if (!Context) throw new Error('Web Audio is not available');
  return new Context();
}

/** The page's engine. */
export const audioEngine = new AudioEngine({ createContext, fetchBytes });

/** Plays an effect through the page's engine (a no-op until the first gesture). */
export function playSound(name: SoundName): void {
  audioEngine.play(name);
}
