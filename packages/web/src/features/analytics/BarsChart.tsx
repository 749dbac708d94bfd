import {
  Bar,
  BarChart,
  CartesianGrid,
  Rectangle,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts';
import { SectionTitle } from './parts';

export type ChartBar = {
  key: string;
  /** The axis label (e.g. 'Jan', '14', 'Mon'). */
  label: string;
  /** What a reader of the table and the tooltip sees for this bar (e.g. 'June 14'). */
  name: string;
  value: number;
  /**
   * The bar's fill. Not named `color`: Recharts copies each datum onto the SVG element, where
   * `color` would re-colour its currentColor (and with it the neutral track behind the bar).
   */
  fill: string;
  /** The bar's figures in words: '3/4 · 75%'. */
  detail: string;
  /**
   * Something was due and nothing was done: the zero is drawn as a short stub in the bar's colour,
   * so a missed day differs from a day with nothing due (or still to come), which draws nothing.
   */
  isMissed?: boolean;
};

/** The height in pixels of a missed day's stub. */
const MISSED_STUB_PX = 4;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

function ChartTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: { payload?: unknown }[];
}) {
  const bar = payload?.[0]?.payload as ChartBar | undefined;
  if (!active || !bar) return null;
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-3 py-2 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
      <p className="font-semibold text-slate-900 dark:text-white">{bar.name}</p>
      <p className="text-slate-600 dark:text-slate-300">{bar.detail}</p>
    </div>
  );
}

/** Each bar in its own colour (the band of its rate). */
function BarShape(props: BarShapeProps) {
  return <Rectangle {...props} fill={(props.payload as ChartBar).fill} />;
}

/** The full-height track behind each bar, neutral whatever the bar's colour. */
function TrackShape(props: BarShapeProps) {
  return <Rectangle {...props} fill="currentColor" fillOpacity={0.08} />;
}

/**
 * A bar chart drawn with Recharts for sighted users, and the same figures as a table for screen
 * readers (the SVG is hidden from them: a table reads far better than shapes).
 */
export function BarsChart(props: {
  id: string;
  title: string;
  bars: ChartBar[];
  /** Top of the value axis; the data's largest value when absent. */
  max?: number;
  columns: { name: string; detail: string };
  unit?: string;
}) {
  const { bars } = props;
  return (
    <figure aria-labelledby={props.id} className="flex flex-col gap-2">
      <SectionTitle id={props.id}>{props.title}</SectionTitle>
      <div aria-hidden className="text-slate-500 dark:text-slate-400">
        <BarChart
          responsive
          data={bars}
          accessibilityLayer={false}
          style={{ width: '100%', height: 220 }}
          margin={{ top: 8, right: 4, left: 0, bottom: 0 }}
        >
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.2} />
          <XAxis
            dataKey="label"
            tick={{ fill: 'currentColor', fontSize: 11 }}
            tickLine={false}
            axisLine={false}
            interval="equidistantPreserveStart"
          />
          <YAxis
            tick={{ fill: 'currentColor', fontSize: 11 }}
            tickLine={false}
            axisLine={false}
            allowDecimals={false}
            width={48}
            domain={[0, props.max ?? 'auto']}
            unit={props.unit}
          />
          <Tooltip
            cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
            content={<ChartTooltip />}
          />
          <Bar
            dataKey="value"
            radius={[6, 6, 0, 0]}
            minPointSize={(_, index) => (bars[index]?.isMissed === true ? MISSED_STUB_PX : 0)}
            background={TrackShape}
            isAnimationActive={!prefersReducedMotion()}
            shape={BarShape}
          />
        </BarChart>
      </div>
      <table className="sr-only">
        <caption>{props.title}</caption>
        <thead>
          <tr>
            <th scope="col">{props.columns.name}</th>
            <th scope="col">{props.columns.detail}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.name}</th>
              <td>{bar.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The key to a chart's colours. */
export function BandLegend({ items }: { items: { label: string; color: string }[] }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm" style={{ backgroundColor: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
