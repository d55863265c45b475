import { Readable } from 'node:stream';
import * as api from '#shared/api/activity.ts';
import { ACTIVITY_ACTION_LABELS } from '#shared/activity.ts';
import { csvStream } from '#server/lib/csv.ts';
import { actorOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

const EXPORT_COLUMNS = ['time', 'last_time', 'count', 'action', 'who', 'target_type', 'target', 'details', 'from'];

/** The activity log (docs/product.md#activity-log): read and exported, never changed. */
export const activityRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, api.listActivity, async (request) => {
      const { items, meta } = await services.activity.list(request.query);
      return { data: items, meta };
    });
    route(scope, api.exportActivity, async (request, reply) => {
      // Who took a copy of the log is itself in the log.
      await services.activity.record(services.db, {
        action: 'activity.exported',
        actor: actorOf(request),
        detail: Object.fromEntries(Object.entries(request.query).filter(([, value]) => value !== undefined)),
      });
      reply.header('content-type', api.exportActivity.file.contentType);
      reply.header('content-disposition', 'attachment; filename="activity.csv"');
      const csv = csvStream(EXPORT_COLUMNS, services.activity.all(request.query), (item) => [
        item.at,
        item.lastAt,
        String(item.count),
        ACTIVITY_ACTION_LABELS[item.action],
        item.actor?.name ?? '',
        item.target?.type ?? '',
        item.target?.label ?? '',
        Object.entries(item.detail)
          .map(([key, value]) => `${key}: ${String(value)}`)
          .join('; '),
        item.address,
      ]);
      return reply.send(Readable.from(csv));
    });
  },
};
