/**
 * The audio engine against a stand-in for Web Audio: nothing before a gesture, a suspended
 * context resumed, volumes applied at once, the music looped and stopped, failures silent.
 */
import { describe, expect, it, vi } from 'vitest';
import { AudioEngine } from './engine';

class FakeParam {
  value = 1;
  setValueAtTime(value: number): void {
    this.value = value;
  }
}
class FakeNode {
  connect = vi.fn();
  disconnect = vi.fn();
}
class FakeGain extends FakeNode {
  gain = new FakeParam();
}
class FakeSource extends FakeNode {
  buffer: unknown = null;
  loop = false;
  start = vi.fn();
  stop = vi.fn();
}
class FakeContext {
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = new FakeNode();
  sources: FakeSource[] = [];
  resume = vi.fn(() => {
    this.state = 'running';
    return Promise.resolve();
  });
  close = vi.fn(() => Promise.resolve());
  suspend = vi.fn(() => {
    this.state = 'suspended';
    return Promise.resolve();
  });
  createGain = () => new FakeGain();
  createBufferSource = () => {
    const source = new FakeSource();
    this.sources.push(source);
    return source;
  };
  decodeAudioData = vi.fn((bytes: ArrayBuffer) =>
    bytes.byteLength === 0 ? Promise.reject(new Error('bad')) : Promise.resolve({ bytes }),
  );
}

function setUp(options: { fetchBytes?: (url: string) => Promise<ArrayBuffer> } = {}) {
  const contexts: FakeContext[] = [];
  const fetchBytes = vi.fn(options.fetchBytes ?? (() => Promise.resolve(new ArrayBuffer(8))));
  const engine = new AudioEngine({
    createContext: () => {
      const context = new FakeContext();
      contexts.push(context);
      return context as unknown as AudioContext;
    },
    fetchBytes,
  });
  return { engine, contexts, fetchBytes };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const AUDIO = { soundEffects: true, effectsVolume: 0.25, music: false, musicVolume: 0.5 };

describe('AudioEngine', () => {
  it('hidden to the desktop tray: the music stops and nothing plays; shown again it resumes', async () => {
    const { engine, contexts } = setUp();
    engine.configure({ ...AUDIO, music: true });
    engine.unlock();
    await settle();
    expect(engine.state().musicPlaying).toBe(true);
    engine.setSuspended(true);
    expect(engine.state()).toMatchObject({ suspended: true, musicPlaying: false });
    expect(contexts[0]?.suspend).toHaveBeenCalled();
    engine.play('click');
    engine.configure({ ...AUDIO, music: true, musicVolume: 0.4 });
    await settle();
    expect(engine.state()).toMatchObject({ musicPlaying: false, played: [] });
    engine.setSuspended(false);
    await settle();
    expect(engine.state()).toMatchObject({ suspended: false, musicPlaying: true });
    expect(contexts[0]?.state).toBe('running');
  });

  it('plays nothing and makes no context before the first gesture', async () => {
    const { engine, contexts, fetchBytes } = setUp();
    engine.configure({ ...AUDIO, music: true });
    engine.play('click');
    await settle();
    expect(contexts).toHaveLength(0);
    expect(fetchBytes).not.toHaveBeenCalled();
    expect(engine.state()).toMatchObject({ unlocked: false, contextState: 'none', played: [] });
  });

  it('after a gesture resumes the suspended context and plays through the effects gain', async () => {
    const { engine, contexts } = setUp();
    engine.configure(AUDIO);
    engine.unlock();
    engine.play('coins');
    await settle();
    const [context] = contexts;
    expect(context?.resume).toHaveBeenCalled();
    expect(context?.sources).toHaveLength(1);
    expect(context?.sources[0]?.start).toHaveBeenCalled();
    expect(engine.state()).toMatchObject({
      contextState: 'running',
      effectsVolume: 0.25,
      played: ['coins'],
    });
  });

  it('applies a new volume at once and keeps effects quiet when they are off', async () => {
    const { engine, contexts } = setUp();
    engine.configure(AUDIO);
    engine.unlock();
    engine.play('click');
    await settle();
    engine.configure({ ...AUDIO, effectsVolume: 0.8, musicVolume: 0.1 });
    expect(engine.state()).toMatchObject({ effectsVolume: 0.8, musicVolume: 0.1 });
    engine.configure({ ...AUDIO, soundEffects: false });
    engine.play('click');
    await settle();
    expect(contexts[0]?.sources).toHaveLength(1);
  });

  it('loops the music while it is on and stops it when audio or music goes off', async () => {
    const { engine } = setUp();
    engine.configure({ ...AUDIO, music: true });
    engine.unlock();
    await settle();
    expect(engine.state()).toMatchObject({ musicPlaying: true, musicLoop: true });
    engine.configure({ ...AUDIO, music: true, soundEffects: false });
    expect(engine.state().musicPlaying).toBe(false);
    engine.configure({ ...AUDIO, music: true });
    await settle();
    expect(engine.state().musicPlaying).toBe(true);
    engine.configure({ ...AUDIO, music: false });
    expect(engine.state().musicPlaying).toBe(false);
  });

  it('falls back to the second format, and is silent when none loads', async () => {
    const urls: string[] = [];
    const { engine } = setUp({
      fetchBytes: (url) => {
        urls.push(url);
        return url.endsWith('.ogg')
          ? Promise.resolve(new ArrayBuffer(0))
          : Promise.reject(new Error('404'));
      },
    });
    engine.configure(AUDIO);
    engine.unlock();
    expect(() => {
      engine.play('hover');
    }).not.toThrow();
    await settle();
    expect(urls).toEqual(['/sounds/hover.ogg', '/sounds/hover.wav']);
    expect(engine.state().played).toEqual([]);
  });

  it('stays silent where Web Audio is missing', () => {
    const engine = new AudioEngine({
      createContext: () => {
        throw new Error('no Web Audio');
      },
      fetchBytes: () => Promise.resolve(new ArrayBuffer(8)),
    });
    engine.configure({ ...AUDIO, music: true });
    engine.unlock();
    expect(() => {
      engine.play('click');
    }).not.toThrow();
    expect(engine.state().contextState).toBe('none');
  });
});
