import type { Me } from '@habitquest/contracts/me';
import { mergeSettings } from '@habitquest/contracts/settings-merge';
import type { SettingsPatch } from '@habitquest/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '../../lib/api';
import { invalidateFor } from '../live/use-live-updates';
import { routes } from '@habitquest/contracts/routes';
import { meQuery } from '../me/queries';

/** PATCH /api/settings, optimistic: the change shows at once and rolls back if the server refuses. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => call(routes.updateSettings, { body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: meQuery.queryKey });
      const previous = queryClient.getQueryData<Me>(meQuery.queryKey);
      if (previous) {
        queryClient.setQueryData<Me>(meQuery.queryKey, {
          ...previous,
          settings: mergeSettings(previous.settings, patch),
        });
      }
      return { previous };
    },
    onError: (error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(meQuery.queryKey, context.previous);
      toast.error(error.message || 'Failed to save settings. Please try again.');
    },
    // A new week start regroups weekly completions on the server, and a new time zone moves
    // "today": either way every figure keyed by dates is read again (the server says the same).
    onSettled: (_settings, _error, patch) =>
      patch.weekStart === undefined && patch.timeZone === undefined
        ? invalidateFor(queryClient, 'settings')
        : invalidateFor(queryClient, 'settings', 'completions'),
  });
}
