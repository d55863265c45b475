import { describe, expect, it } from 'vitest';
import { capabilityOf, navFor } from '#app/features/admin/nav.ts';
import { ROLES } from '#shared/roles.ts';

/** docs/product.md#export: only Owners and Administrators see Settings → Export, or may open it. */
describe('Settings → Export', () => {
  it.each(ROLES)('is in the sidebar of the %s only when the role may export', (role) => {
    const entries = navFor({ role, mayNewsletter: true, categoryIds: [] }).map((item) => item.to);
    expect(entries.includes('/admin/settings/export')).toBe(role === 'owner' || role === 'administrator');
  });

  it('needs site.export, not the settings capability of /admin/settings', () => {
    expect(capabilityOf('/admin/settings/export')).toBe('site.export');
  });
});
