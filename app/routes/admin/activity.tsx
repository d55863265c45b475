import { useCallback, useMemo, useState } from 'react';
import { Badge, Button, Col, Form, Row, Table } from 'react-bootstrap';
import { saveFile } from '#app/lib/save-file.ts';
import { toast } from '#app/lib/toast.tsx';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_ACTIONS, type ActivityAction } from '#shared/activity.ts';
import { exportActivity, listActivity, type ActivityItem } from '#shared/api/activity.ts';
import { listStaff } from '#shared/api/staff.ts';
import { ACTIVITY_MESSAGES, MESSAGES } from '#shared/messages.ts';
import { SIGN_IN_METHOD_LABELS, type SignInMethod } from '#shared/sign-in.ts';
import { guardScreen } from '#app/features/admin/account.ts';
import { call, callPage, download } from '#app/lib/api-client.ts';
import { usePagedList } from '#app/lib/use-paged-list.ts';
import { LoadMore } from '#app/components/ui/LoadMore.tsx';
import type { Route } from './+types/activity';

/** The newest entries, and the people to filter by (the staff as it is now). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  const [firstPage, staff] = await Promise.all([callPage(listActivity, { query: { cursor: '' } }), call(listStaff)]);
  return { firstPage, people: staff.people.map((p) => ({ _id: p._id, name: p.name || p.email })) };
}
clientLoader.hydrate = true as const;

interface Filters {
  person: string;
  action: ActivityAction | '';
  /** Days as the date inputs give them (YYYY-MM-DD, the browser's time zone), both inclusive. */
  fromDay: string;
  toDay: string;
}
const NO_FILTERS: Filters = { person: '', action: '', fromDay: '', toDay: '' };

/** The filters as the API takes them: a day's start in the browser's time zone, the day after the last one. */
function queryOf(filters: Filters) {
  const startOf = (day: string, plusDays = 0) => {
    const date = new Date(`${day}T00:00:00`);
    date.setDate(date.getDate() + plusDays);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  };
  return {
    person: filters.person || undefined,
    action: filters.action || undefined,
    from: filters.fromDay ? startOf(filters.fromDay) : undefined,
    to: filters.toDay ? startOf(filters.toDay, 1) : undefined,
  };
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

const REASONS: Record<string, string> = {
  'wrong-password': 'wrong password',
  'unknown-email': 'no such account',
  suspended: 'account suspended',
  many: 'many e-mails at once',
};

/** The facts of an entry in words: a sign-in's method, a failure's reason, a role's change, names of fields. */
function detailOf(item: ActivityItem): string {
  const { detail } = item;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(detail)) {
    if (key === 'method') parts.push(SIGN_IN_METHOD_LABELS[value as SignInMethod] ?? String(value));
    else if (key === 'reason') parts.push(REASONS[String(value)] ?? String(value));
    else if (key === 'from' && 'to' in detail && item.action === 'role.changed') parts.push(`${value} → ${detail.to}`);
    else if (key === 'to' && item.action === 'role.changed') continue;
    else if (key === 'publishAt') parts.push(`for ${when(String(value))}`);
    else if (key === 'postsTo') parts.push(`posts to ${String(value)}`);
    else if (key === 'changed' || key === 'fields') parts.push(String(value));
    else parts.push(`${key}: ${String(value)}`);
  }
  return parts.join(' · ');
}

/** The export needs the bearer token, so it is fetched and handed to the browser as a file. */
async function downloadCsv(filters: Filters) {
  saveFile(await download(exportActivity, queryOf(filters)), 'activity.csv');
}

/** docs/product.md#activity-log: who did what, when and from where; filtered, paged, downloadable. */
export default function Activity({ loaderData }: Route.ComponentProps) {
  const { firstPage, people } = loaderData;
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const filtered = filters !== NO_FILTERS && Object.values(filters).some(Boolean);
  const query = useMemo(() => queryOf(filters), [filters]);
  const rangeInverted = Boolean(filters.fromDay && filters.toDay && filters.toDay < filters.fromDay);
  const fetchPage = useCallback(
    (cursor: string) =>
      rangeInverted
        ? Promise.resolve({ data: [], meta: undefined })
        : callPage(listActivity, { query: { ...query, cursor } }),
    [query, rangeInverted],
  );
  const list = usePagedList<ActivityItem>(fetchPage, firstPage);
  const items = list.items ?? [];
  const set = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <section className="admin-card">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">Activity</h1>
        <Button
          variant="outline-primary"
          onClick={() => downloadCsv(filters).catch(() => toast.error(MESSAGES.somethingWentWrong))}
        >
          Download CSV
        </Button>
      </div>
      <Form className="mb-3" onSubmit={(e) => e.preventDefault()} aria-label="Filter the activity">
        <Row className="g-2 align-items-end">
          <Col xs={12} sm={6} lg={3}>
            <Form.Group controlId="activity-person">
              <Form.Label className="small mb-1">Person</Form.Label>
              <Form.Select value={filters.person} onChange={(e) => set({ person: e.target.value })}>
                <option value="">Everyone</option>
                {people.map((person) => (
                  <option key={person._id} value={person._id}>
                    {person.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={12} sm={6} lg={3}>
            <Form.Group controlId="activity-action">
              <Form.Label className="small mb-1">Action</Form.Label>
              <Form.Select
                value={filters.action}
                onChange={(e) => set({ action: e.target.value as ActivityAction | '' })}
              >
                <option value="">All actions</option>
                {ACTIVITY_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {ACTIVITY_ACTION_LABELS[action]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={6} lg={2}>
            <Form.Group controlId="activity-from">
              <Form.Label className="small mb-1">From</Form.Label>
              <Form.Control type="date" value={filters.fromDay} onChange={(e) => set({ fromDay: e.target.value })} />
            </Form.Group>
          </Col>
          <Col xs={6} lg={2}>
            <Form.Group controlId="activity-to">
              <Form.Label className="small mb-1">To</Form.Label>
              <Form.Control
                type="date"
                value={filters.toDay}
                isInvalid={rangeInverted}
                onChange={(e) => set({ toDay: e.target.value })}
              />
            </Form.Group>
          </Col>
          <Col xs={12} lg={2}>
            <Button variant="link" className="px-0" disabled={!filtered} onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          </Col>
        </Row>
        {rangeInverted ? <p className="text-danger small mt-2 mb-0">{ACTIVITY_MESSAGES.badRange}</p> : null}
      </Form>
      {list.items && items.length === 0 ? (
        <p className="text-body-secondary" data-testid="activity-empty">
          {filtered ? ACTIVITY_MESSAGES.emptyFiltered : ACTIVITY_MESSAGES.empty}
        </p>
      ) : null}
      {items.length > 0 ? (
        <div className="table-responsive">
          <Table striped bordered hover className="align-middle bg-white table-stack">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Target</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item._id} data-testid="activity-row">
                  <td data-label="Time" className="text-nowrap">
                    <time dateTime={item.at}>{when(item.at)}</time>
                  </td>
                  <td data-label="Who">{item.actor?.name ?? <span className="text-body-secondary">—</span>}</td>
                  <td data-label="What">
                    <span className="fw-semibold">{ACTIVITY_ACTION_LABELS[item.action]}</span>
                    {item.count > 1 ? (
                      <Badge bg="danger" className="ms-2" title={`Last at ${when(item.lastAt)}`}>
                        ×{item.count}
                      </Badge>
                    ) : null}
                    {Object.keys(item.detail).length ? (
                      <div className="small text-body-secondary">{detailOf(item)}</div>
                    ) : null}
                  </td>
                  <td data-label="Target">{item.target?.label || <span className="text-body-secondary">—</span>}</td>
                  <td data-label="From" className="text-nowrap">
                    {item.address || <span className="text-body-secondary">—</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      <LoadMore list={list} />
    </section>
  );
}
