import type { Me } from '@habitquest/contracts/me';
import type { WeekStart } from '@habitquest/core/periods';
import { useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/SelectField';
import { FIELD_CLASS } from '../../../components/ui/TextField';
import { cx } from '../../../components/ui/cx';
import { settingsDialogCopy as copy } from '../dialog-copy';
import { useUpdateSettings } from '../mutations';
import { meQuery } from '../../me/queries';
import { Section } from './parts';
import { rememberZoneChosen } from '../use-sync-time-zone';

/** The IANA zone this device is in ('' when the runtime cannot tell). */
function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || '';
  } catch {
    return '';
  }
}

/** Every zone the runtime knows (UTC first, which older runtimes leave out of the list). */
export function allTimeZones(): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

/** Matches 'new york' to 'America/New_York': case, spaces and underscores do not matter. */
export function filterZones(zones: readonly string[], search: string): string[] {
  const words = search.toLowerCase().replaceAll('_', ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replaceAll('_', ' ');
    return words.every((word) => name.includes(word));
  });
}

const label = (zone: string): string => zone.replaceAll('_', ' ');

/**
 * Time zone and week start (docs/decisions.md): they decide what "today" and "this week" mean, on every
 * device, so they are saved to the server and every query that depends on them is refreshed.
 */
export function RegionalPanel({ timeZone, weekStart }: { timeZone: string; weekStart: WeekStart }) {
  const update = useUpdateSettings();
  const client = useQueryClient();
  const [search, setSearch] = useState('');
  const zones = useMemo(allTimeZones, []);
  const found = useMemo(() => filterZones(zones, search), [zones, search]);
  // The saved zone stays in the list, so the select always shows what is chosen.
  const shown = useMemo(
    () => (found.includes(timeZone) ? found : [timeZone, ...found]),
    [found, timeZone],
  );
  const device = deviceTimeZone();
  const searchId = useId();
  const listId = useId();

  const saveZone = (zone: string): void => {
    if (zone === timeZone) return;
    const userId = client.getQueryData<Me>(meQuery.queryKey)?.user.id;
    if (userId !== undefined) rememberZoneChosen(userId);
    update.mutate({ timeZone: zone });
  };

  return (
    <div className="flex flex-col gap-4">
      <Section title={copy.timeZone} description={copy.timeZoneHint}>
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <label
              htmlFor={searchId}
              className="text-sm font-medium text-slate-700 dark:text-slate-200"
            >
              {copy.searchZones}
            </label>
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder={copy.searchPlaceholder}
              aria-controls={listId}
              autoComplete="off"
              onChange={(event) => {
                setSearch(event.target.value);
              }}
              className={FIELD_CLASS}
            />
          </div>
          <label htmlFor={listId} className="sr-only">
            {copy.zoneList}
          </label>
          <select
            id={listId}
            size={6}
            value={timeZone}
            onChange={(event) => {
              saveZone(event.target.value);
            }}
            className={cx(FIELD_CLASS, 'w-full py-1')}
          >
            {shown.map((zone) => (
              <option
                key={zone}
                value={zone}
                // Chromium paints a selected option grey unless given a background image. A long
                // name ('America/Argentina/ComodRivadavia' at 390 px) wraps inside the padding.
                className="rounded px-1 py-0.5 whitespace-normal wrap-anywhere checked:bg-[linear-gradient(#e2e8f0,#e2e8f0)] checked:text-slate-900 dark:checked:bg-[linear-gradient(#334155,#334155)] dark:checked:text-white"
              >
                {label(zone)}
              </option>
            ))}
          </select>
          {search && found.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{copy.noZones}</p>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {copy.currentZone(timeZone)}
              {device && device !== timeZone ? ` · ${copy.deviceZone(device)}` : null}
            </p>
            <Button
              variant="secondary"
              disabled={!device || device === timeZone}
              onClick={() => {
                saveZone(device);
              }}
            >
              <MapPin aria-hidden className="size-4" />
              {copy.useDeviceZone}
            </Button>
          </div>
        </div>
      </Section>
      <Section title={copy.weekHeading} description={copy.weekStartHint}>
        <SelectField
          label={copy.weekStart}
          value={String(weekStart)}
          options={copy.weekdays.map((day, index) => ({ value: String(index), label: day }))}
          onChange={(event) => {
            const next = Number(event.target.value) as WeekStart;
            if (next !== weekStart) update.mutate({ weekStart: next });
          }}
        />
      </Section>
    </div>
  );
}
