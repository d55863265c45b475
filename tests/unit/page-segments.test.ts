import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_MESSAGES } from '#shared/messages.ts';
import { isReservedSegment, segmentFromTitle, segmentProblem } from '#shared/page-segments.ts';

/**
 * A page's segment never shadows an address the site serves itself (docs/product.md#pages): every
 * top-level path of app/routes.ts and every file of public/ is reserved by shared/page-segments.ts, the
 * one list. A new route or public file fails here until the list has it.
 */
const root = path.resolve(import.meta.dirname, '../..');

describe('page segments', () => {
  it('reserves every top-level route path and every public file', () => {
    const routes = fs.readFileSync(path.join(root, 'app/routes.ts'), 'utf8');
    const firsts = [...routes.matchAll(/\b(?:route|prefix)\(\s*'([^']+)'/g)]
      .map((m) => m[1]!.split('/')[0]!)
      .filter((first) => first !== '*' && !first.startsWith(':'));
    // Admin screens sit under prefix('admin'); their own paths are not top-level.
    const topLevel = firsts.filter((first) => routes.includes(`route('${first}`) || first === 'admin');
    expect(topLevel.length).toBeGreaterThan(5);
    const files = fs.readdirSync(path.join(root, 'public'));
    const unreserved = [...new Set([...topLevel, ...files, 'api', 'assets', 'uploads', 'sitemap.xml'])].filter(
      (segment) => !isReservedSegment(segment),
    );
    // Admin screen paths (blogs/create …) are matched under /admin only; everything else must be reserved.
    const adminOnly = new Set(
      [...routes.matchAll(/ADMIN_SCREENS = \[([^\]]+)\]/g)].flatMap((m) =>
        m[1]!.match(/'[^']+'/g)!.map((s) => s.slice(1, -1)),
      ),
    );
    expect(unreserved.filter((segment) => !adminOnly.has(segment) && !isAdminPath(routes, segment))).toEqual([]);
  });

  it('tells a malformed or reserved segment, and makes one from a title', () => {
    expect(segmentProblem('')).toBe(PAGE_MESSAGES.segmentRequired);
    expect(segmentProblem('Careers')).toBe(PAGE_MESSAGES.segmentInvalid);
    expect(segmentProblem('a--b')).toBe(PAGE_MESSAGES.segmentInvalid);
    expect(segmentProblem('search')).toBe(PAGE_MESSAGES.segmentReserved('search'));
    expect(segmentProblem('sitemaps')).toBe(PAGE_MESSAGES.segmentReserved('sitemaps'));
    expect(segmentProblem('careers')).toBeNull();
    expect(segmentFromTitle('  Privacy & Terms! ')).toBe('privacy-terms');
    expect(segmentFromTitle('Über uns')).toBe('uber-uns');
  });
});

/** Whether `segment` is only the path of a route inside the admin's prefix (written after `prefix('admin'`). */
function isAdminPath(routes: string, segment: string): boolean {
  const adminStart = routes.indexOf("prefix('admin'");
  const adminEnd = routes.indexOf("layout('routes/public/layout.tsx'");
  const at = routes.indexOf(`route('${segment}`, adminStart);
  return at > adminStart && at < adminEnd;
}
