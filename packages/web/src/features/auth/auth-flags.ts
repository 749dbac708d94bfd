/**
 * Session-storage flags of the auth flow (docs/product.md): the landing page asks the app to open the
 * sign-in modal ('show-auth'), and remembers that the visitor came from it ('came-from-landing').
 */
const SHOW_AUTH = 'habitquest.showAuth';
const FROM_LANDING = 'habitquest.cameFromLanding';

/** Which step the sign-in window opens at ('reset' when a reset link was used up). */
export type AuthMode = 'signin' | 'signup' | 'reset';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function requestAuth(mode: AuthMode): void {
  storage()?.setItem(SHOW_AUTH, mode);
  storage()?.setItem(FROM_LANDING, '1');
}

export function requestedAuth(): AuthMode | null {
  const value = storage()?.getItem(SHOW_AUTH);
  return value === 'signin' || value === 'signup' || value === 'reset' ? value : null;
}

export function cameFromLanding(): boolean {
  return storage()?.getItem(FROM_LANDING) === '1';
}

export function clearAuthFlags(): void {
  storage()?.removeItem(SHOW_AUTH);
  storage()?.removeItem(FROM_LANDING);
}
