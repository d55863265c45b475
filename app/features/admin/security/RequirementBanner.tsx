import { Link, useRouteLoaderData } from 'react-router';
import { TWO_FACTOR_MESSAGES } from '#shared/messages.ts';
import type { Requirement } from '#shared/schemas/two-factor.ts';
import { ADMIN_LAYOUT_ID } from '#app/features/admin/account.ts';
import { SECURITY_PATH } from './requirement';

/** Within the grace period of the Owner's rule: how many days are left to set up a second factor. */
export function RequirementBanner() {
  const data = useRouteLoaderData(ADMIN_LAYOUT_ID) as { requirement?: Requirement | null } | undefined;
  const daysLeft = data?.requirement?.daysLeft;
  if (daysLeft === undefined || daysLeft === null) return null;
  return (
    <div className="admin-setup-notices">
      <div className="alert alert-warning" role="status">
        {TWO_FACTOR_MESSAGES.graceLeft(daysLeft)} <Link to={SECURITY_PATH}>Set it up</Link>
      </div>
    </div>
  );
}
