import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from './parts';

/*
 * The reports' two kinds of chart, drawn with Recharts (only this chunk loads it). Colours are
 * the design tokens' (CSS variables), so the charts follow the house look and its contrast.
 * Each sits beside a table with the same figures, which is what a screen reader reads.
 */

interface Series<R> {
  label: string;
  rows: readonly R[];
  x: (row: R) => string;
  y: (row: R) => number;
  /** How an axis tick or a tooltip writes a value. */
  format: (value: number) => string;
}

export function BarFigure<R>({ label, rows, x, y, format }: Series<R>) {
  const data = rows.map((row) => ({ x: x(row), y: y(row) }));
  return (
    <ChartFrame label={label}>
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis dataKey="x" tick={{ fill: 'var(--text)' }} />
          <YAxis tickFormatter={format} width={88} tick={{ fill: 'var(--text)' }} />
          <Tooltip formatter={(value) => format(Number(value))} />
          <Bar dataKey="y" name={label} fill="var(--accent)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

export function LineFigure<R>({ label, rows, x, y, format }: Series<R>) {
  const data = rows.map((row) => ({ x: x(row), y: y(row) }));
  return (
    <ChartFrame label={label}>
      <ResponsiveContainer width="100%" height={260}>
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid stroke="var(--border)" vertical={false} />
          <XAxis dataKey="x" tick={{ fill: 'var(--text)' }} />
          <YAxis tickFormatter={format} width={88} tick={{ fill: 'var(--text)' }} />
          <Tooltip formatter={(value) => format(Number(value))} />
          <Line dataKey="y" name={label} stroke="var(--accent)" strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
