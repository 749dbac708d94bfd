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

/** The click the listener below has sounded, until the browser has finished dispatching it. */
let soundedClick: MouseEvent | null = null;

/** Buttons (and tabs) click when pressed, wherever they are: one listener instead of hundreds. */
function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const pressed = target?.closest('button, [role="tab"], [data-sound="click"]');
  if (!pressed || pressed.matches(':disabled, [aria-disabled="true"]')) return;
  playSound('click');
  // The handlers this click runs (in capture, before them all) see it; nothing later does.
  soundedClick = event;
  setTimeout(() => {
    if (soundedClick === event) soundedClick = null;
  }, 0);
}

/**
 * The click sound of a dialog closing (docs/product.md: Day Insights' backdrop and Close both
 * click). Its X is a button, whose press the listener above has already sounded: only a close
 * without one (Escape, the backdrop, Back) plays it here, so every close clicks exactly once.
 */
export function playCloseSound(): void {
  if (soundedClick === null) playSound('click');
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
