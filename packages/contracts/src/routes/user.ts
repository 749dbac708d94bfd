/** The signed-in user: who they are, their profile, settings and the size of their data. Part of the route table (../routes.ts). */
import type { AccountSize } from '../account';
import type { Me, ProfilePatch } from '../me';
import type { Settings, SettingsPatch } from '../settings';
import { route } from '../route';

export const userRoutes = {
  me: route<{ response: Me }>()({
    method: 'get',
    path: '/api/me',
  }),
  updateProfile: route<{ body: ProfilePatch; response: ProfilePatch }>()({
    method: 'patch',
    path: '/api/profile',
  }),
  updateSettings: route<{ body: SettingsPatch; response: Settings }>()({
    method: 'patch',
    path: '/api/settings',
  }),
  accountSize: route<{ response: AccountSize }>()({
    method: 'get',
    path: '/api/account/size',
  }),
} as const;
