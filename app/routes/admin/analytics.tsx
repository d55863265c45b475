import { Alert, Col, Row } from 'react-bootstrap';
import type { AnalyticsSettings, ReportTable } from '#shared/analytics.ts';
import { getAnalytics, getAnalyticsSettings, type AnalyticsReport, type RangeQuery } from '#shared/api/analytics.ts';
import { getSettings } from '#shared/api/newsletter.ts';
import { ANALYTICS_MESSAGES } from '#shared/messages.ts';
import { localDayIn } from '#shared/zoned-time.ts';
import { guardScreen, useCan } from '#app/features/admin/account.ts';
import { DailyChart } from '#app/features/analytics/DailyChart.tsx';
import { RangeChooser } from '#app/features/analytics/RangeChooser.tsx';
import { rangeOf } from '#app/features/analytics/range.ts';
import { SettingsCard } from '#app/features/analytics/SettingsCard.tsx';
import { CsvButton, PostsTable, ReportCard, TopTable, type Counts } from '#app/features/analytics/tables.tsx';
import { ApiError, call } from '#app/lib/api-client.ts';
import type { Route } from './+types/analytics';

/**
 * The range the address asks for, in the site's days (its time zone, as the summaries are made), the
 * report over it and the settings.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  const [{ timeZone }, settings] = await Promise.all([call(getSettings), call(getAnalyticsSettings)]);
  const today = localDayIn(timeZone)(Date.now());
  const range = rangeOf(new URL(request.url).searchParams, today);
  let report: AnalyticsReport | null = null;
  let error: string | null = null;
  if (range.to < range.from) error = ANALYTICS_MESSAGES.badRange;
  else {
    try {
      report = await call(getAnalytics, { query: { from: range.from, to: range.to } });
    } catch (err) {
      // A range the server refuses (over about three years) is told on the screen; anything else is the error screen's.
      if (!(err instanceof ApiError) || err.status !== 400) throw err;
      error = err.message;
    }
  }
  return { range, report, error, settings: settings as AnalyticsSettings };
}
clientLoader.hydrate = true as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Col>
      <div className="admin-card h-100 py-3" data-testid={testId}>
        <div className="small text-body-secondary">{label}</div>
        <div className="fs-3 fw-semibold">{value.toLocaleString('en')}</div>
      </div>
    </Col>
  );
}

const GOALS: Counts = { visitors: 'Count' };
const SEARCHES: Counts = { visitors: 'Visitors', views: 'Searches' };

/** The site's tables (docs/product.md#the-dashboard), two to a row on wide screens. */
function SiteTables({ site, range }: { site: NonNullable<AnalyticsReport['site']>; range: RangeQuery }) {
  const t = site.tables;
  const top = (table: ReportTable, name: string, valueLabel: string, counts?: Counts, sub = true) => (
    <TopTable {...{ table, name, valueLabel, rows: t[table], range, counts, sub }} />
  );
  /** A card of one table: the card's heading names it and holds its CSV. */
  const single = (table: ReportTable, name: string, valueLabel: string) => (
    <ReportCard title={name} action={t[table].length ? <CsvButton table={table} range={range} name={name} /> : null}>
      {top(table, name, valueLabel, undefined, false)}
    </ReportCard>
  );
  return (
    <Row xs={1} lg={2} className="g-3 mb-3">
      <Col>{single('pages', 'Top pages', 'Page')}</Col>
      <Col>{single('entries', 'Entry pages', 'Page')}</Col>
      <Col>{single('referrers', 'Referrers', 'Referrer')}</Col>
      <Col>
        <ReportCard title="Campaigns">
          {top('sources', 'Sources', 'utm_source')}
          {top('mediums', 'Mediums', 'utm_medium')}
          {top('campaigns', 'Campaigns', 'utm_campaign')}
        </ReportCard>
      </Col>
      <Col>{single('devices', 'Devices', 'Device')}</Col>
      <Col>{single('browsers', 'Browsers', 'Browser')}</Col>
      <Col>
        {site.countries ? (
          single('countries', 'Countries', 'Country')
        ) : (
          <ReportCard title="Countries">
            <p className="small text-body-secondary mb-0" data-testid="analytics-no-countries">
              {ANALYTICS_MESSAGES.noCountries}
            </p>
          </ReportCard>
        )}
      </Col>
      <Col>
        <ReportCard title="Site searches">
          {top('searches', 'Searches', 'Words', SEARCHES)}
          {top('emptySearches', 'Searches with no result', 'Words', SEARCHES)}
        </ReportCard>
      </Col>
      <Col xs={12} lg={12}>
        <ReportCard title="Goals" testId="analytics-goals">
          <Row xs={1} lg={2} className="gx-4">
            <Col>{top('subscriptionPages', 'Subscriptions by page', 'Page', GOALS)}</Col>
            <Col>{top('subscriptionReferrers', 'Subscriptions by referrer', 'Referrer', GOALS)}</Col>
            <Col>{top('contactPages', 'Contact messages by page', 'Page', GOALS)}</Col>
            <Col>{top('contactReferrers', 'Contact messages by referrer', 'Referrer', GOALS)}</Col>
          </Row>
        </ReportCard>
      </Col>
    </Row>
  );
}

/** docs/product.md#the-dashboard: visitors, pages, referrers, goals and posts over a range of days. */
export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { range, report, error, settings } = loaderData;
  const maySet = useCan('settings');
  const site = report?.site ?? null;
  const empty = report !== null && (site ? site.views === 0 && report.posts.length === 0 : false);
  return (
    <div className="analytics">
      <section className="admin-card mb-3">
        <div className="d-flex flex-wrap gap-2 justify-content-between align-items-start mb-3">
          <h1 className="h3 mb-0">Analytics</h1>
          <p className="small text-body-secondary mb-0 text-md-end" data-testid="analytics-updated">
            {report?.summarizedAt ? (
              <>
                Updated <time dateTime={report.summarizedAt}>{when(report.summarizedAt)}</time>.{' '}
                {ANALYTICS_MESSAGES.refresh}
              </>
            ) : (
              ANALYTICS_MESSAGES.neverSummarized
            )}
          </p>
        </div>
        {/* Remounted with each range, so its fields start from the range shown. */}
        <RangeChooser key={`${range.key} ${range.from} ${range.to}`} range={range} />
        {error ? (
          <Alert variant="danger" className="mt-3 mb-0">
            {error}
          </Alert>
        ) : null}
        {!settings.counting ? (
          <Alert variant="warning" className="mt-3 mb-0" data-testid="analytics-off">
            Counting is switched off: no visits are counted until it is switched on again.
          </Alert>
        ) : null}
      </section>

      {report && !site ? (
        <p className="admin-card mb-3" data-testid="analytics-author-note">
          {ANALYTICS_MESSAGES.authorOnly}
        </p>
      ) : null}

      {site ? (
        <Row xs={2} md={3} xl={5} className="g-3 mb-3" data-testid="analytics-figures">
          <Figure label="Visitors" value={site.visitors} testId="figure-visitors" />
          <Figure label="Page views" value={site.views} testId="figure-views" />
          <Figure label="Visitors now (last 30 min)" value={site.now} testId="figure-now" />
          <Figure label="Confirmed subscriptions" value={site.subscriptions} testId="figure-subscriptions" />
          <Figure label="Contact messages" value={site.messages} testId="figure-messages" />
        </Row>
      ) : null}

      {empty ? (
        <section className="admin-card mb-3" data-testid="analytics-empty">
          <h2 className="h6">Nothing counted yet</h2>
          <p className="mb-0">{ANALYTICS_MESSAGES.empty}</p>
        </section>
      ) : null}

      {site && !empty && report ? (
        <section className="admin-card mb-3" aria-labelledby="analytics-days-title">
          <div className="d-flex justify-content-between align-items-baseline gap-2 mb-2">
            <h2 className="h6 mb-0" id="analytics-days-title">
              Visitors and page views per day
            </h2>
            <CsvButton table="days" range={report} name="Visitors and page views per day" />
          </div>
          <DailyChart series={site.series} />
        </section>
      ) : null}

      {report && !empty ? (
        <section className="admin-card mb-3" aria-labelledby="analytics-posts-title">
          <div className="d-flex justify-content-between align-items-baseline gap-2 mb-2">
            <h2 className="h6 mb-0" id="analytics-posts-title">
              Posts
            </h2>
            {report.posts.length ? <CsvButton table="posts" range={report} name="Posts" /> : null}
          </div>
          {report.posts.length ? (
            <PostsTable posts={report.posts} />
          ) : (
            <p className="small text-body-secondary mb-0">
              {site ? ANALYTICS_MESSAGES.noRows : ANALYTICS_MESSAGES.noPosts}
            </p>
          )}
        </section>
      ) : null}

      {site && !empty && report ? <SiteTables site={site} range={report} /> : null}

      <Row xs={1} lg={2} className="g-3">
        <Col>
          <section className="admin-card h-100" aria-labelledby="analytics-privacy-title">
            <h2 className="h6" id="analytics-privacy-title">
              Privacy
            </h2>
            <p className="small mb-0">{ANALYTICS_MESSAGES.privacy}</p>
          </section>
        </Col>
        {maySet ? (
          <Col>
            <SettingsCard key={JSON.stringify(settings)} settings={settings} />
          </Col>
        ) : null}
      </Row>
    </div>
  );
}
