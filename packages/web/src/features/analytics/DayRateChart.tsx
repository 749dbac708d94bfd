import { BandLegend, BarsChart, type ChartBar } from './BarsChart';
import { analyticsCopy as copy } from './copy';

/** What the Monthly and Weekly tabs know of a day (core's day bars). */
type RatedDay = { date: string; rate: number; completed: number; total: number; isFuture: boolean };

/** A day's bar: its rate out of 100, its colour, its figures in words and the missed stub. */
export function dayBar(
  day: RatedDay,
  look: { label: string; name: string; fill: string },
): ChartBar {
  return {
    key: day.date,
    ...look,
    value: day.rate,
    isMissed: !day.isFuture && day.total > 0 && day.completed === 0,
    detail: day.isFuture ? copy.future : copy.dayRate(day.completed, day.total, day.rate),
  };
}

/** The day-by-day completion-rate chart of the Monthly and Weekly tabs, with its colour key. */
export function DayRateChart(props: {
  id: string;
  title: string;
  bars: ChartBar[];
  bands: { label: string; color: string }[];
}) {
  return (
    <>
      <BarsChart
        id={props.id}
        title={props.title}
        max={100}
        unit="%"
        columns={{ name: copy.date, detail: copy.done }}
        bars={props.bars}
      />
      <BandLegend items={props.bands} />
    </>
  );
}
