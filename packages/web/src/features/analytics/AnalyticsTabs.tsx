import { monthOf, type YearMonth } from '@habitquest/core/analytics/navigation';
import type { LocalDate } from '@habitquest/core/dates';
import { useState } from 'react';
import { Tabs } from '../../components/ui/Tabs';
import { analyticsCopy as copy } from './copy';
import { DailyTab } from './DailyTab';
import { MonthlyTab } from './MonthlyTab';
import { OverviewTab } from './OverviewTab';
import { WeeklyTab } from './WeeklyTab';

type Tab = keyof typeof copy.tabs;

const TABS = (['overview', 'monthly', 'weekly', 'daily'] as const).map((value) => ({
  value,
  label: copy.tabs[value],
}));

/** The four views of a Pro user; only the open tab's data is requested. */
export function AnalyticsTabs({ today }: { today: LocalDate }) {
  const [tab, setTab] = useState<Tab>('overview');
  const [year, setYear] = useState(() => monthOf(today).year);
  const [month, setMonth] = useState<YearMonth>(() => monthOf(today));
  return (
    <Tabs label={copy.tabsLabel} tabs={TABS} value={tab} onChange={setTab}>
      {tab === 'overview' ? <OverviewTab year={year} onYearChange={setYear} today={today} /> : null}
      {tab === 'monthly' ? <MonthlyTab view={month} onViewChange={setMonth} today={today} /> : null}
      {tab === 'weekly' ? <WeeklyTab today={today} /> : null}
      {tab === 'daily' ? <DailyTab today={today} /> : null}
    </Tabs>
  );
}
