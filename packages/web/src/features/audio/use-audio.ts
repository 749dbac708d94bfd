import type { AudioSettings } from '@habitquest/contracts/settings';
import { useEffect } from 'react';
import { audioEngine, playSound, type AudioEngineState } from './engine';

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merging needs one
  interface Window {
    /** A read-only look at the audio engine, for the end-to-end tests. */
    __habitquestAudio?: () => AudioEngineState;
  }
}

const GESTURES = ['pointerdown', 'keydown', 'touchstart'] as const;

/** Buttons (and tabs) click when pressed, wherever they are: one listener instead of hundreds. */
function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const pressed = target?.closest('button, [role="tab"], [data-sound="click"]');
  if (!pressed || pressed.matches(':disabled, [aria-disabled="true"]')) return;
  playSound('click');
}

let installed = false;

/** Listens for the first gesture (which unlocks audio) and for button clicks, once per page. */
function install(): void {
  if (installed) return;
  installed = true;
  const unlock = (): void => {
    audioEngine.unlock();
    for (const name of GESTURES) window.removeEventListener(name, unlock, true);
  };
  for (const name of GESTURES) window.addEventListener(name, unlock, true);
  document.addEventListener('click', onClick, true);
  window.__habitquestAudio = () => audioEngine.state();
}

/** Keeps the engine in step with the user's audio settings while the dashboard is shown. */
export function useAudio(settings: AudioSettings | undefined): void {
  useEffect(install, []);
  useEffect(() => {
    if (settings) audioEngine.configure(settings);
  }, [settings]);
}
