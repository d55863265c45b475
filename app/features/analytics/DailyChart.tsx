import { useId } from 'react';
import { Table } from 'react-bootstrap';
import { dayLabel } from './range';

interface Day {
  day: string;
  visitors: number;
  views: number;
}

/** The fewest slots the chart is drawn over: a range of a day or two keeps thin bars in the middle. */
const MIN_SLOTS = 14;
const SLOT = 10;
const HEIGHT = 100;

/**
 * Visitors and page views per day as plain SVG bars (views light, visitors dark over them), scaled to its
 * width, with the figures as a table for screen readers and for anyone who opens it.
 */
export function DailyChart({ series }: { series: readonly Day[] }) {
  const titleId = useId();
  const max = Math.max(1, ...series.map((d) => d.views));
  const slots = Math.max(series.length, MIN_SLOTS);
  const offset = ((slots - series.length) * SLOT) / 2;
  const y = (n: number) => HEIGHT - (n / max) * HEIGHT;
  const first = series[0];
  const last = series.at(-1);
  const totals = series.reduce((t, d) => ({ visitors: t.visitors + d.visitors, views: t.views + d.views }), {
    visitors: 0,
    views: 0,
  });
  return (
    <figure className="analytics-chart mb-0">
      <div className="d-flex flex-wrap gap-3 small mb-2" aria-hidden="true">
        <span>
          <span className="analytics-swatch analytics-visitors" /> Visitors
        </span>
        <span>
          <span className="analytics-swatch analytics-views" /> Page views
        </span>
        <span className="ms-auto text-body-secondary">Highest: {max.toLocaleString('en')}</span>
      </div>
      <svg
        viewBox={`0 0 ${slots * SLOT} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
        data-testid="analytics-chart"
      >
        <title id={titleId}>
          {`Visitors and page views per day, ${first ? dayLabel(first.day) : ''} to ${last ? dayLabel(last.day) : ''}: ${totals.visitors} visitors, ${totals.views} page views.`}
        </title>
        <line x1="0" x2={slots * SLOT} y1={HEIGHT / 2} y2={HEIGHT / 2} className="analytics-grid" />
        <line x1="0" x2={slots * SLOT} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="analytics-axis" />
        {series.map((d, i) => (
          <g key={d.day}>
            <title>{`${dayLabel(d.day)}: ${d.visitors} visitors, ${d.views} page views`}</title>
            <rect
              className="analytics-views"
              x={offset + i * SLOT + 1}
              width={SLOT - 2}
              y={y(d.views)}
              height={HEIGHT - y(d.views)}
            />
            <rect
              className="analytics-visitors"
              x={offset + i * SLOT + 1}
              width={SLOT - 2}
              y={y(d.visitors)}
              height={HEIGHT - y(d.visitors)}
            />
          </g>
        ))}
      </svg>
      {first && last ? (
        <figcaption className="d-flex justify-content-between small text-body-secondary mt-1">
          <span>{dayLabel(first.day)}</span>
          {last.day !== first.day ? <span>{dayLabel(last.day)}</span> : null}
        </figcaption>
      ) : null}
      <details className="mt-2">
        <summary className="small">Show the figures per day</summary>
        <div className="table-responsive analytics-days mt-2">
          <Table size="sm" className="mb-0">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="text-end">
                  Visitors
                </th>
                <th scope="col" className="text-end">
                  Page views
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="fw-normal">
                    {dayLabel(d.day)}
                  </th>
                  <td className="text-end">{d.visitors}</td>
                  <td className="text-end">{d.views}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
