import { useEffect, useId, useRef, useState } from 'react';
import { NAV_MESSAGES } from '#shared/messages.ts';
import type { PublicNavItem } from '#shared/navigation.ts';
import { useScriptless } from '#app/ssr/scriptless.ts';
import { SiteLink } from './SiteLink';

/**
 * The saved header menu (docs/product.md#navigation): top-level links, and for an item with children a
 * disclosure button (aria-expanded) that opens its dropdown. Click or Enter/Space opens it, Escape closes
 * it and returns focus to its button, a click elsewhere or following a link closes it. Without
 * JavaScript the top-level links still work (they are plain hrefs). In the phone's collapsed menu the
 * dropdown opens in place, under its item.
 */
export function NavigationMenu({ items, onFollow }: { items: PublicNavItem[]; onFollow: () => void }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const rootRef = useRef<HTMLUListElement>(null);
  // Sent without scripts (app/ssr/scriptless.ts): a dropdown opens by CSS while its item is hovered or holds
  // the focus, and stands open under its item in the phone's menu (.nav-dropdown.is-static).
  const scriptless = useScriptless();

  useEffect(() => {
    if (open === null) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.children[open]?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const follow = () => {
    setOpen(null);
    onFollow();
  };

  return (
    <ul className="navbar-nav ms-auto" ref={rootRef}>
      {items.map((item, index) => {
        const own = item.href === null ? null : { ...item, href: item.href };
        if (!item.children.length) {
          return (
            <li className="nav-item" key={index}>
              {own ? <SiteLink link={own} className="nav-link" onFollow={follow} /> : null}
            </li>
          );
        }
        const menuId = `${baseId}-menu-${index}`;
        const expanded = open === index;
        return (
          <li
            className={`nav-item nav-dropdown${expanded ? ' is-open' : ''}${scriptless ? ' is-static' : ''}`}
            key={index}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && expanded) {
                event.stopPropagation();
                setOpen(null);
                event.currentTarget.querySelector<HTMLButtonElement>('.nav-dropdown-toggle')?.focus();
              }
            }}
          >
            <div className="nav-dropdown-head">
              {own ? <SiteLink link={own} className="nav-link" onFollow={follow} /> : null}
              {scriptless ? (
                // Without scripts a button could not open anything: the dropdown opens by hover or focus, and its
                // links stay in the page for screen readers (.nav-dropdown.is-static in app/styles/_layout.scss).
                own ? (
                  <span className="nav-link nav-dropdown-toggle is-caret" aria-hidden="true" />
                ) : (
                  <span className="nav-link">{item.label}</span>
                )
              ) : (
                <button
                  type="button"
                  className={`nav-link nav-dropdown-toggle${own ? ' is-caret' : ''}`}
                  aria-expanded={expanded}
                  aria-controls={menuId}
                  aria-label={own ? NAV_MESSAGES.submenu(item.label) : undefined}
                  onClick={() => setOpen(expanded ? null : index)}
                >
                  {own ? null : item.label}
                </button>
              )}
            </div>
            <ul className="nav-dropdown-menu list-unstyled" id={menuId} hidden={!expanded && !scriptless}>
              {item.children.map((child, childIndex) => (
                <li key={childIndex}>
                  <SiteLink link={child} className="nav-dropdown-item" onFollow={follow} />
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
