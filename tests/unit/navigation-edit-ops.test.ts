import { describe, expect, it } from 'vitest';
import { canNest, canUnnest, moved, nest, unnest } from '#app/features/navigation/edit-ops.ts';
import { navigationSchema, type Navigation, type NavItem } from '#shared/navigation.ts';

/** The navigation editor's changes (app/features/navigation/edit-ops.ts) keep the limits of shared/navigation.ts. */
const item = (label: string, children: string[] = []): NavItem => ({
  label,
  target: { kind: 'blog' },
  children: children.map((c) => ({ label: c, target: { kind: 'blog' } })),
});
const labels = (nav: Navigation) => nav.header.map((i) => [i.label, ...i.children.map((c) => `-${c.label}`)].join(''));

describe('navigation editor changes', () => {
  it('moves within a list and ignores moves past its ends', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });

  it('nests an item under the one above, and moves a child out right after its parent', () => {
    const nav: Navigation = { header: [item('A'), item('B'), item('C')], footer: [] };
    expect(canNest(nav, 0)).toBe(false);
    const nested = nest(nav, 1);
    expect(labels(nested)).toEqual(['A-B', 'C']);
    // An item with a dropdown of its own cannot go one level down (one level only).
    expect(canNest(nested, 1)).toBe(true);
    expect(canNest({ ...nested, header: [item('X'), item('Y', ['z'])] }, 1)).toBe(false);
    expect(labels(unnest(nested, 0, 0))).toEqual(['A', 'B', 'C']);
  });

  it('offers nothing that would break a limit', () => {
    const fullDropdown: Navigation = { header: [item('A', Array(8).fill('c')), item('B')], footer: [] };
    expect(canNest(fullDropdown, 1)).toBe(false);
    expect(nest(fullDropdown, 1)).toBe(fullDropdown);
    const fullHeader: Navigation = {
      header: [item('A', ['c']), ...Array.from({ length: 7 }, (_, i) => item(`I${i}`))],
      footer: [],
    };
    expect(canUnnest(fullHeader)).toBe(false);
    expect(unnest(fullHeader, 0, 0)).toBe(fullHeader);
    expect(navigationSchema.safeParse(fullHeader).success).toBe(true);
  });
});
