import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { postAnalytics, type PostStats } from '#shared/api/analytics.ts';
import { formatDate } from '#shared/format.ts';
import { ANALYTICS_UI_MESSAGES as M } from '#shared/messages.ts';
import { useCan } from '#app/features/admin/account.ts';
import { call } from '#app/lib/api-client.ts';

const number = (n: number) => n.toLocaleString('en-GB');

/** The sparkline's drawing box: stretched to the card's width, its line kept 1.5 px by `non-scaling-stroke`. */
const WIDTH = 120;
const HEIGHT = 28;

/** Views of the last 30 days as a line, with its text alternative (the total and the busiest day). */
function Sparkline({ series }: { series: PostStats['series'] }) {
  const titleId = useId();
  const peak = Math.max(0, ...series.map((d) => d.views));
  const total = series.reduce((n, d) => n + d.views, 0);
  const busiest = peak > 0 ? series.find((d) => d.views === peak)! : null;
  const step = series.length > 1 ? WIDTH / (series.length - 1) : WIDTH;
  // The top 2 units are left free so a peak's line is not cut by the box.
  const points = series.map(
    (d, i) => `${(i * step).toFixed(1)},${(HEIGHT - (peak ? (d.views / peak) * (HEIGHT - 2) : 0)).toFixed(1)}`,
  );
  return (
    <svg
      className="post-stats-sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-labelledby={titleId}
    >
      <title id={titleId}>
        {M.sparkline(total, busiest ? { day: formatDate(`${busiest.day}T12:00:00Z`), views: busiest.views } : null)}
      </title>
      <polygon points={`0,${HEIGHT} ${points.join(' ')} ${WIDTH},${HEIGHT}`} className="post-stats-area" />
      <polyline points={points.join(' ')} className="post-stats-line" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

/**
 * A saved post's figures in the editor (docs/product.md#analytics): visitors, views, visitors who read to
 * the end, confirmed subscriptions from its page, and its last 30 days. Shown only to those with the
 * `analytics` capability (the editor decides); nothing at all if the figures cannot be read.
 */
export function PostStatsPanel({ postId }: { postId: string }) {
  // The dashboard's link for those who may open it (shared/roles.ts `analytics`).
  const dashboard = useCan('analytics');
  const [stats, setStats] = useState<PostStats | null>(null);
  useEffect(() => {
    let live = true;
    call(postAnalytics, { params: { id: postId } })
      .then((s) => live && setStats(s))
      .catch(() => live && setStats(null));
    return () => {
      live = false;
    };
  }, [postId]);

  if (!stats) return null;
  const share = stats.visitors > 0 ? Math.round((stats.reads / stats.visitors) * 100) : null;
  return (
    <section className="admin-panel mb-3" aria-labelledby="post-stats-title" data-testid="post-stats">
      <div className="d-flex justify-content-between align-items-baseline gap-2 mb-2">
        <h2 id="post-stats-title" className="h6 mb-0">
          {M.statsTitle}
        </h2>
        {dashboard ? (
          <Link to="/admin/analytics" className="small">
            {M.allAnalytics}
          </Link>
        ) : null}
      </div>
      {stats.views === 0 ? (
        <p className="small text-body-secondary mb-0">{M.noVisits}</p>
      ) : (
        <>
          <dl className="post-stats-counts">
            <div>
              <dt>{M.visitors}</dt>
              <dd>{number(stats.visitors)}</dd>
            </div>
            <div>
              <dt>{M.views}</dt>
              <dd>{number(stats.views)}</dd>
            </div>
            <div>
              <dt>{M.reads}</dt>
              <dd>
                {number(stats.reads)}
                {share !== null ? <span className="post-stats-share">{M.readShare(share)}</span> : null}
              </dd>
            </div>
            <div>
              <dt>{M.subscriptions}</dt>
              <dd>{number(stats.subscriptions)}</dd>
            </div>
          </dl>
          <p className="small text-body-secondary mb-1">{M.last30}</p>
          <Sparkline series={stats.series} />
        </>
      )}
    </section>
  );
}
