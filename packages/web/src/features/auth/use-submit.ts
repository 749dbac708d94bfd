import { useState } from 'react';
import { ApiError } from '../../app/api';
import { authCopy } from './copy';

export type SubmitState = { isSubmitting: boolean; error: string | null; success: string | null };

/** Runs one async action at a time and keeps its outcome as a message to show. */
export function useSubmit() {
  const [state, setState] = useState<SubmitState>({
    isSubmitting: false,
    error: null,
    success: null,
  });
  const run = async (action: () => Promise<string | null>): Promise<void> => {
    if (state.isSubmitting) return;
    setState({ isSubmitting: true, error: null, success: null });
    try {
      const success = await action();
      setState({ isSubmitting: false, error: null, success });
    } catch (error) {
      const message =
        error instanceof ApiError || error instanceof Error ? error.message : authCopy.genericError;
      setState({ isSubmitting: false, error: message || authCopy.genericError, success: null });
    }
  };
  const fail = (error: string): void => {
    setState({ isSubmitting: false, error, success: null });
  };
  return { ...state, run, fail };
}
