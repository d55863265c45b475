import { useCallback, useEffect, useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { formatDate } from '#shared/format.ts';
import { deliveryReport, type DeliveryReport as Report } from '#shared/api/newsletter.ts';
import { NEWSLETTER_MESSAGES } from '#shared/messages.ts';
import { call } from '#app/lib/api-client.ts';

const time = (iso: string) =>
  `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`;

/**
 * How the post's newsletter went: recipients, sent, failed with the reason, pending, and when it finished;
 * the clicks on each link when they were counted, and always that opens are not (docs/product.md#newsletter).
 */
export function DeliveryReport({ postId }: { postId: string }) {
  const [report, setReport] = useState<Report | null>(null);
  const [loaded, setLoaded] = useState(false);
  // Read on opening; Refresh reads it again.
  const load = useCallback(
    () =>
      call(deliveryReport, { params: { id: postId } })
        .then((r) => setReport(r))
        .catch(() => setReport(null))
        .finally(() => setLoaded(true)),
    [postId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (!loaded || !report) return null;
  return (
    <section className="admin-panel mb-3" aria-labelledby="delivery-title">
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h2 id="delivery-title" className="h6 mb-0">
          Delivery report
        </h2>
        <Button size="sm" variant="outline-secondary" onClick={() => void load()}>
          Refresh
        </Button>
      </div>
      <dl className="delivery-counts" data-testid="delivery-report">
        <div>
          <dt>Recipients</dt>
          <dd>{report.recipients}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>{report.sent}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{report.failed}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd>{report.pending}</dd>
        </div>
      </dl>
      <p className="small text-body-secondary mb-2">
        Started {time(report.startedAt)}
        {report.finishedAt ? `, finished ${time(report.finishedAt)}` : ', still sending'}.
      </p>
      {report.failures.length ? (
        <div className="table-responsive">
          <Table size="sm" bordered className="bg-white mb-0">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {report.failures.map((f) => (
                <tr key={f.email}>
                  <td>{f.email}</td>
                  <td className="small">{f.error}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      <LinkClicks links={report.links ?? null} />
    </section>
  );
}

/** Each counted link with its clicks (most clicked first), or that none were counted; never opens. */
function LinkClicks({ links }: { links: NonNullable<Report['links']> | null }) {
  return (
    <div className="mt-3" data-testid="link-clicks">
      <h3 className="h6">{NEWSLETTER_MESSAGES.linksHeading}</h3>
      {links ? (
        <>
          <div className="table-responsive">
            <Table size="sm" bordered className="bg-white mb-1">
              <thead>
                <tr>
                  <th scope="col">{NEWSLETTER_MESSAGES.linkColumn}</th>
                  <th scope="col" className="text-end">
                    {NEWSLETTER_MESSAGES.clicksColumn}
                  </th>
                </tr>
              </thead>
              <tbody>
                {links.map((link) => (
                  <tr key={link.url}>
                    <td className="small text-break">{link.url}</td>
                    <td className="text-end">{link.clicks}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <p className="small text-body-secondary mb-1">{NEWSLETTER_MESSAGES.clicksNote}</p>
        </>
      ) : (
        <p className="small text-body-secondary mb-1">{NEWSLETTER_MESSAGES.noClicksCounted}</p>
      )}
      <p className="small text-body-secondary mb-0">{NEWSLETTER_MESSAGES.opensNotTracked}</p>
    </div>
  );
}
