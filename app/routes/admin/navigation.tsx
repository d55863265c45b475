import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { getNavigation, saveNavigation } from '#shared/api/navigation.ts';
import { LANDING_SECTIONS } from '#shared/landing-layout.ts';
import { NAV_MESSAGES } from '#shared/messages.ts';
import {
  MAX_CHILDREN,
  MAX_COLUMN_LINKS,
  MAX_FOOTER_COLUMNS,
  MAX_HEADER_ITEMS,
  navigationSchema,
  targetKey,
  type Navigation,
  type NavLink,
  type ResolvedTarget,
} from '#shared/navigation.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { HistoryButton } from '#app/features/history/HistoryButton.tsx';
import { LinkForm } from '#app/features/navigation/LinkForm.tsx';
import { LinkRow } from '#app/features/navigation/LinkRow.tsx';
import { useListDrag } from '#app/features/navigation/drag.ts';
import {
  canNest,
  canUnnest,
  moved,
  nest,
  unnest,
  withChildren,
  withColumnLinks,
} from '#app/features/navigation/edit-ops.ts';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';
import { call } from '#app/lib/api-client.ts';
import { toast } from '#app/lib/toast.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/navigation';

export const clientLoader = () => call(getNavigation);
clientLoader.hydrate = true as const;

/** The history dialog's names for the navigation's fields. */
const LABELS: Record<string, string> = {
  custom: 'Saved menu',
  header: NAV_MESSAGES.header,
  footer: NAV_MESSAGES.footer,
};
const NO_RICH_TEXT: ReadonlySet<string> = new Set();

/** Where a new link goes: the header, under a header item, or into a footer column. */
type AddPlace = { at: 'header' } | { at: 'child'; parent: number } | { at: 'column'; column: number } | null;

/**
 * Settings → Navigation (docs/product.md#navigation): the header's menu, one level of dropdown, and the
 * footer's columns. Items are added with a picker, relabelled in place, nested and moved out with buttons,
 * reordered by dragging their handle or with the arrow buttons (keyboard), and removed; a link whose target
 * is deleted, in the trash, unpublished or hidden is flagged (the site leaves it out).
 */
export default function NavigationPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [nav, setNav] = useState<Navigation>(loaderData.navigation);
  // What the picker told of targets added since the page loaded, over what the server said.
  const [picked, setPicked] = useState<Record<string, ResolvedTarget>>({});
  const [adding, setAdding] = useState<AddPlace>(null);
  const saving = useSubmit();
  const resetting = useSubmit();
  const drag = useListDrag();
  const dirty = JSON.stringify(nav) !== JSON.stringify(loaderData.navigation);
  const guard = useUnsavedChanges(dirty);

  const infoOf = (link: NavLink): ResolvedTarget | undefined => {
    const key = targetKey(link.target);
    if (!key) return undefined;
    if (link.target.kind === 'section') {
      const known = loaderData.targets[key];
      const label = LANDING_SECTIONS.find((s) => s.id === key.slice('section:'.length))?.label ?? '';
      return known ?? { state: 'shown', title: label, path: '' };
    }
    return picked[key] ?? loaderData.targets[key];
  };

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = navigationSchema.safeParse(nav);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]!.message);
      return;
    }
    const saved = await saving.run(() => call(saveNavigation, { body: { navigation: parsed.data } }), {
      success: NAV_MESSAGES.saved,
    });
    if (saved) {
      guard.markSaved();
      await revalidator.revalidate();
    }
  };

  const reset = async () => {
    if (!window.confirm(NAV_MESSAGES.resetConfirm)) return;
    const done = await resetting.run(() => call(saveNavigation, { body: { navigation: null } }), {
      success: NAV_MESSAGES.resetDone,
    });
    if (done) {
      guard.markSaved();
      await revalidator.revalidate();
    }
  };

  // The loader's data after a save or a restore replaces the editor's (the guard has been told).
  const [shown, setShown] = useState(loaderData);
  if (shown !== loaderData) {
    setShown(loaderData);
    setNav(loaderData.navigation);
    setPicked({});
  }

  const addLink = (link: NavLink, target?: ResolvedTarget) => {
    const key = targetKey(link.target);
    if (key && target) setPicked((p) => ({ ...p, [key]: target }));
    setNav((current) => {
      if (adding?.at === 'header') return { ...current, header: [...current.header, { ...link, children: [] }] };
      if (adding?.at === 'child') {
        return withChildren(current, adding.parent, [...current.header[adding.parent]!.children, link]);
      }
      if (adding?.at === 'column') {
        return withColumnLinks(current, adding.column, [...current.footer[adding.column]!.links, link]);
      }
      return current;
    });
    setAdding(null);
  };
  const linkForm = (place: NonNullable<AddPlace>) =>
    JSON.stringify(adding) === JSON.stringify(place) ? (
      <LinkForm onAdd={addLink} onCancel={() => setAdding(null)} />
    ) : null;

  return (
    <section className="admin-card" style={{ maxWidth: 960 }}>
      <div className="d-flex flex-wrap align-items-start gap-2 mb-2">
        <h1 className="h3 me-auto mb-0">{NAV_MESSAGES.title}</h1>
        <HistoryButton doc={{ type: 'navigation', id: 'site' }} labels={LABELS} richFields={NO_RICH_TEXT} />
      </div>
      <p className="text-body-secondary">{NAV_MESSAGES.intro}</p>
      {loaderData.custom ? null : (
        <p className="alert alert-info py-2" data-testid="nav-spec-note">
          {NAV_MESSAGES.usingSpec}
        </p>
      )}
      <form noValidate onSubmit={save} aria-label={NAV_MESSAGES.title}>
        <h2 className="h5 mt-3">{NAV_MESSAGES.header}</h2>
        {nav.header.length ? null : <p className="text-body-secondary small">{NAV_MESSAGES.emptyHeader}</p>}
        <ol className="list-group mb-2 nav-editor-list" data-testid="nav-header">
          {nav.header.map((item, index) => {
            const info = infoOf(item);
            const parentGone = info && info.state !== 'shown' && item.children.length > 0;
            return (
              <LinkRow
                key={index}
                link={item}
                info={info}
                testId={`nav-item-${index}`}
                onLabel={(label) =>
                  setNav((n) => ({ ...n, header: n.header.map((it, i) => (i === index ? { ...it, label } : it)) }))
                }
                onUp={index > 0 ? () => setNav((n) => ({ ...n, header: moved(n.header, index, index - 1) })) : null}
                onDown={
                  index < nav.header.length - 1
                    ? () => setNav((n) => ({ ...n, header: moved(n.header, index, index + 1) }))
                    : null
                }
                onRemove={() => setNav((n) => ({ ...n, header: n.header.filter((_, i) => i !== index) }))}
                drag={drag('header', index, (from, to) => setNav((n) => ({ ...n, header: moved(n.header, from, to) })))}
                extra={
                  canNest(nav, index) ? (
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={NAV_MESSAGES.makeChild(item.label)}
                      title={NAV_MESSAGES.makeChild(item.label)}
                      onClick={() => setNav((n) => nest(n, index))}
                    >
                      →
                    </Button>
                  ) : null
                }
              >
                {parentGone ? <div className="small text-body-secondary">{NAV_MESSAGES.parentGone}</div> : null}
                {item.children.length ? (
                  <ol className="list-group mt-2 ms-4" data-testid={`nav-children-${index}`}>
                    {item.children.map((child, c) => {
                      const setChildren = (children: NavLink[]) => setNav((n) => withChildren(n, index, children));
                      return (
                        <LinkRow
                          key={c}
                          link={child}
                          info={infoOf(child)}
                          testId={`nav-child-${index}-${c}`}
                          onLabel={(label) =>
                            setChildren(item.children.map((ch, i) => (i === c ? { ...ch, label } : ch)))
                          }
                          onUp={c > 0 ? () => setChildren(moved(item.children, c, c - 1)) : null}
                          onDown={
                            c < item.children.length - 1 ? () => setChildren(moved(item.children, c, c + 1)) : null
                          }
                          onRemove={() => setChildren(item.children.filter((_, i) => i !== c))}
                          drag={drag(`child-${index}`, c, (from, to) =>
                            setNav((n) => withChildren(n, index, moved(n.header[index]!.children, from, to))),
                          )}
                          extra={
                            canUnnest(nav) ? (
                              <Button
                                size="sm"
                                variant="outline-secondary"
                                aria-label={NAV_MESSAGES.moveOut(child.label)}
                                title={NAV_MESSAGES.moveOut(child.label)}
                                onClick={() => setNav((n) => unnest(n, index, c))}
                              >
                                ←
                              </Button>
                            ) : null
                          }
                        />
                      );
                    })}
                  </ol>
                ) : null}
                {item.children.length < MAX_CHILDREN ? (
                  <Button
                    size="sm"
                    variant="link"
                    className="px-0 mt-1"
                    onClick={() => setAdding({ at: 'child', parent: index })}
                  >
                    {NAV_MESSAGES.addChild(item.label)}
                  </Button>
                ) : null}
                {linkForm({ at: 'child', parent: index })}
              </LinkRow>
            );
          })}
        </ol>
        {nav.header.length < MAX_HEADER_ITEMS ? (
          <Button size="sm" variant="outline-primary" onClick={() => setAdding({ at: 'header' })}>
            {NAV_MESSAGES.addItem}
          </Button>
        ) : (
          <p className="small text-body-secondary">{NAV_MESSAGES.tooManyItems(MAX_HEADER_ITEMS)}</p>
        )}
        {linkForm({ at: 'header' })}

        <h2 className="h5 mt-4">{NAV_MESSAGES.footer}</h2>
        <div className="row g-3 mb-2" data-testid="nav-footer">
          {nav.footer.map((column, ci) => {
            const setLinks = (links: NavLink[]) => setNav((n) => withColumnLinks(n, ci, links));
            return (
              <div className="col-lg-6" key={ci} data-testid={`nav-column-${ci}`}>
                <div className="border rounded p-2">
                  <div className="d-flex gap-1 align-items-center mb-2">
                    <Form.Control
                      size="sm"
                      aria-label={NAV_MESSAGES.headingOf(column.heading)}
                      value={column.heading}
                      maxLength={60}
                      onChange={(event) =>
                        setNav((n) => ({
                          ...n,
                          footer: n.footer.map((c, i) => (i === ci ? { ...c, heading: event.target.value } : c)),
                        }))
                      }
                    />
                    <Button
                      size="sm"
                      variant="outline-dark"
                      aria-label={NAV_MESSAGES.moveColumnLeft(column.heading)}
                      disabled={ci === 0}
                      onClick={() => setNav((n) => ({ ...n, footer: moved(n.footer, ci, ci - 1) }))}
                    >
                      ←
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-dark"
                      aria-label={NAV_MESSAGES.moveColumnRight(column.heading)}
                      disabled={ci === nav.footer.length - 1}
                      onClick={() => setNav((n) => ({ ...n, footer: moved(n.footer, ci, ci + 1) }))}
                    >
                      →
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={NAV_MESSAGES.removeColumn(column.heading)}
                      onClick={() => setNav((n) => ({ ...n, footer: n.footer.filter((_, i) => i !== ci) }))}
                    >
                      ✕
                    </Button>
                  </div>
                  {column.links.length ? null : (
                    <p className="small text-body-secondary mb-1">{NAV_MESSAGES.emptyColumn}</p>
                  )}
                  <ol className="list-group">
                    {column.links.map((link, li) => (
                      <LinkRow
                        key={li}
                        link={link}
                        info={infoOf(link)}
                        testId={`nav-link-${ci}-${li}`}
                        onLabel={(label) => setLinks(column.links.map((l, i) => (i === li ? { ...l, label } : l)))}
                        onUp={li > 0 ? () => setLinks(moved(column.links, li, li - 1)) : null}
                        onDown={li < column.links.length - 1 ? () => setLinks(moved(column.links, li, li + 1)) : null}
                        onRemove={() => setLinks(column.links.filter((_, i) => i !== li))}
                        drag={drag(`column-${ci}`, li, (from, to) =>
                          setNav((n) => withColumnLinks(n, ci, moved(n.footer[ci]!.links, from, to))),
                        )}
                      />
                    ))}
                  </ol>
                  {column.links.length < MAX_COLUMN_LINKS ? (
                    <Button
                      size="sm"
                      variant="link"
                      className="px-0"
                      onClick={() => setAdding({ at: 'column', column: ci })}
                    >
                      {NAV_MESSAGES.addLink(column.heading)}
                    </Button>
                  ) : null}
                  {linkForm({ at: 'column', column: ci })}
                </div>
              </div>
            );
          })}
        </div>
        {nav.footer.length < MAX_FOOTER_COLUMNS ? (
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() =>
              setNav((n) => ({ ...n, footer: [...n.footer, { heading: NAV_MESSAGES.newColumn, links: [] }] }))
            }
          >
            {NAV_MESSAGES.addColumn}
          </Button>
        ) : null}

        <div className="d-flex flex-wrap gap-2 mt-4">
          <SpinnerButton type="submit" loading={saving.busy} className="px-5">
            {NAV_MESSAGES.save}
          </SpinnerButton>
          {loaderData.custom ? (
            <SpinnerButton variant="outline-secondary" loading={resetting.busy} onClick={reset}>
              {NAV_MESSAGES.reset}
            </SpinnerButton>
          ) : null}
        </div>
      </form>
    </section>
  );
}
