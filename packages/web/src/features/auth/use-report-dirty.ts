import { useEffect } from 'react';

/** Tells the window holding a form whether it has unsaved typing (it asks before discarding it). */
export function useReportDirty(
  isDirty: boolean,
  onDirtyChange: ((isDirty: boolean) => void) | undefined,
): void {
  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);
}
