import { describe, expect, it } from 'vitest';
import { capabilityOf, navFor } from '#app/features/admin/nav.ts';
import type { Person } from '#shared/roles.ts';

/** Settings → Import is for Owners and Administrators only (docs/product.md#import, shared/roles.ts `site.import`). */
describe('the Import entry of the admin sidebar', () => {
  const person = (role: Person['role']): Person => ({ role, mayNewsletter: false, categoryIds: [] });
  const labels = (role: Person['role']) => navFor(person(role)).map((item) => item.label);

  it('is its own entry under Settings, needing site.import', () => {
    expect(capabilityOf('/admin/settings/import')).toBe('site.import');
    expect(capabilityOf('/admin/settings/import/')).toBe('site.import');
    expect(capabilityOf('/admin/settings/redirects')).toBe('redirects');
  });

  it('shows to Owners and Administrators, after Redirects, and to no one else', () => {
    for (const role of ['owner', 'administrator'] as const) {
      const entries = labels(role);
      expect(entries.indexOf('Import')).toBe(entries.indexOf('Redirects') + 1);
    }
    for (const role of ['editor', 'author', 'contributor'] as const) expect(labels(role)).not.toContain('Import');
  });
});
