import type { EventRow } from '#server/modules/analytics/repository.ts';

/**
 * A stored page view as the counting endpoint writes it (a desktop Chrome visitor with no referrer or
 * campaign), with `fields` in place of those: for tests that put raw events in the database themselves.
 */
export function viewRow(fields: Pick<EventRow, 'day' | 'visitor'> & Partial<EventRow>): EventRow {
  return {
    at: `${fields.day}T12:00:00.000Z`,
    kind: 'view',
    path: '/',
    post_id: null,
    referrer: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    device: 'desktop',
    browser: 'Chrome',
    country: null,
    detail: null,
    ...fields,
  };
}
