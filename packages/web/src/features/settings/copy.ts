/** Strings of the settings features shown outside a dialog: the time zone offer. */
export const settingsCopy = {
  timeZoneRegion: 'Time zone',
  /** IANA ids use underscores for spaces ('America/Los_Angeles'): shown with spaces. */
  timeZoneOffer: (zone: string) =>
    `You seem to be in ${zone.replaceAll('_', ' ')}. Use it for 'today'?`,
  switchZone: 'Switch',
  keepZone: 'Keep',
} as const;
