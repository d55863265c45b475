import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { getLandingLayout, saveLandingLayout } from '#shared/api/content.ts';
import { LANDING_SECTIONS, type LandingLayout } from '#shared/landing-layout.ts';
import { LAYOUT_MESSAGES } from '#shared/messages.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { useUnsavedChanges } from '#app/features/unsaved/unsaved-changes.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/landing-layout';

export const clientLoader = () => call(getLandingLayout);
clientLoader.hydrate = true as const;

const labelOf = (id: string) => LANDING_SECTIONS.find((s) => s.id === id)?.label ?? id;

/** Moves the entry at `from` to `to`, the others keeping their order. */
function moved(list: LandingLayout, from: number, to: number): LandingLayout {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The landing page's layout (docs/product.md#landing-layout): the seven sections in order, each shown or
 * hidden; reordered by dragging a row or with its arrow buttons (keyboard and touch).
 */
export default function LandingLayoutPage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [sections, setSections] = useState(loaderData.sections);
  const [dragged, setDragged] = useState<number | null>(null);
  const saving = useSubmit();
  const dirty = JSON.stringify(sections) !== JSON.stringify(loaderData.sections);
  const guard = useUnsavedChanges(dirty);
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved = await saving.run(() => call(saveLandingLayout, { body: { sections } }), {
      success: LAYOUT_MESSAGES.saved,
    });
    if (saved) {
      guard.markSaved();
      await revalidator.revalidate();
    }
  };
  const oneShown = sections.filter((s) => !s.hidden).length === 1;
  return (
    <section className="admin-card" style={{ maxWidth: 720 }}>
      <h1 className="h3 mb-2">{LAYOUT_MESSAGES.heading}</h1>
      <p className="text-body-secondary">{LAYOUT_MESSAGES.intro}</p>
      <form noValidate onSubmit={save} aria-label={LAYOUT_MESSAGES.heading}>
        <ol className="list-group list-group-numbered mb-3" data-testid="landing-layout">
          {sections.map((section, index) => {
            const label = labelOf(section.id);
            return (
              <li
                key={section.id}
                className={`list-group-item d-flex flex-wrap align-items-center gap-2${dragged === index ? ' opacity-50' : ''}`}
                draggable
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  if (dragged !== null && dragged !== index) {
                    setSections((list) => moved(list, dragged, index));
                    setDragged(index);
                  }
                }}
                onDragEnd={() => setDragged(null)}
                data-testid={`layout-${section.id}`}
              >
                <span className={`me-auto fw-semibold${section.hidden ? ' text-decoration-line-through' : ''}`}>
                  {label}
                </span>
                <span className="d-flex align-items-center gap-2 ms-auto">
                  <Form.Check
                    className="mb-0"
                    type="switch"
                    id={`layout-shown-${section.id}`}
                    label={LAYOUT_MESSAGES.shown}
                    checked={!section.hidden}
                    // The last shown section stays: a landing page shows something.
                    disabled={!section.hidden && oneShown}
                    onChange={(event) =>
                      setSections((list) =>
                        list.map((s) => (s.id === section.id ? { ...s, hidden: !event.target.checked } : s)),
                      )
                    }
                  />
                  <Button
                    size="sm"
                    variant="outline-dark"
                    aria-label={LAYOUT_MESSAGES.moveUp(label)}
                    disabled={index === 0}
                    onClick={() => setSections((list) => moved(list, index, index - 1))}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-dark"
                    aria-label={LAYOUT_MESSAGES.moveDown(label)}
                    disabled={index === sections.length - 1}
                    onClick={() => setSections((list) => moved(list, index, index + 1))}
                  >
                    ↓
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
        <SpinnerButton type="submit" loading={saving.busy} className="px-5">
          {LAYOUT_MESSAGES.save}
        </SpinnerButton>
      </form>
    </section>
  );
}
