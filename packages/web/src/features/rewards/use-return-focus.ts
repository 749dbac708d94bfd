import { useEffect, useState } from 'react';

function focused(): HTMLElement | null {
  return document.activeElement instanceof HTMLElement ? document.activeElement : null;
}

/**
 * Returns focus to whatever had it when `isOpen` turned true, once it turns false again (or to
 * `fallback` when that element is gone). Radix does this only for its own Dialog.Trigger, and
 * these dialogs are opened from cards, the adventurer card and other dialogs.
 */
export function useReturnFocus(isOpen: boolean, fallback: () => HTMLElement | null): void {
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [wasOpen, setWasOpen] = useState(isOpen);
  // Read while rendering the change, before the dialog mounts and takes focus.
  if (wasOpen !== isOpen) {
    setWasOpen(isOpen);
    if (isOpen) setOpener(focused());
  }
  useEffect(() => {
    if (isOpen || !opener) return;
    (opener.isConnected ? opener : fallback())?.focus();
    setOpener(null);
  }, [isOpen, opener, fallback]);
}
