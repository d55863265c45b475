import { useEffect, useId, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { navigationTargets } from '#shared/api/navigation.ts';
import { LANDING_SECTIONS } from '#shared/landing-layout.ts';
import { NAV_MESSAGES } from '#shared/messages.ts';
import {
  navLinkSchema,
  TARGET_KINDS,
  type IdKind,
  type NavLink,
  type ResolvedTarget,
  type TargetKind,
} from '#shared/navigation.ts';
import { call } from '#app/lib/api-client.ts';

type Choice = { id: string; title: string; state: ResolvedTarget['state'] };

const isIdKind = (kind: TargetKind): kind is IdKind => !['section', 'blog', 'external'].includes(kind);

/**
 * A new link: what it points at (a kind, then a section, a post found by its title, a category, tag or
 * author from a list, or an address) and its label, which starts as the target's title. `onAdd` gets the
 * link checked by the shared schema, with what the picker knew of its target.
 */
export function LinkForm({
  onAdd,
  onCancel,
}: {
  onAdd: (link: NavLink, target?: ResolvedTarget) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<TargetKind>('post');
  const [targetId, setTargetId] = useState('');
  const [search, setSearch] = useState('');
  const [choices, setChoices] = useState<Choice[]>([]);
  const [url, setUrl] = useState('https://');
  const [label, setLabel] = useState('');
  const [labelTouched, setLabelTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!isIdKind(kind)) return;
    let live = true;
    // Posts are many: asked by their title as it is typed; the other lists are short and come whole.
    const timer = setTimeout(
      () => {
        call(navigationTargets, { query: { kind, ...(search.trim() ? { search: search.trim() } : {}) } })
          .then((list) => live && setChoices(list))
          .catch(() => live && setChoices([]));
      },
      kind === 'post' ? 250 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [kind, search]);

  const titleOf = (nextKind: TargetKind, nextId: string): string => {
    if (nextKind === 'section') return LANDING_SECTIONS.find((s) => s.id === nextId)?.label ?? '';
    if (nextKind === 'blog') return NAV_MESSAGES.blogTitle;
    return choices.find((c) => c.id === nextId)?.title ?? '';
  };
  const pick = (nextKind: TargetKind, nextId: string) => {
    setKind(nextKind);
    setTargetId(nextId);
    setError(null);
    if (!labelTouched) setLabel(titleOf(nextKind, nextId));
  };

  const add = () => {
    const target = kind === 'external' ? { kind, url } : kind === 'blog' ? { kind } : { kind, id: targetId };
    const parsed = navLinkSchema.safeParse({ label, target });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    const choice = choices.find((c) => c.id === targetId);
    onAdd(parsed.data, isIdKind(kind) && choice ? { state: choice.state, title: choice.title, path: '' } : undefined);
  };

  return (
    <div className="nav-link-form border rounded p-3 my-2 bg-body-tertiary" data-testid="nav-link-form">
      <div className="row g-2">
        <Form.Group className="col-sm-4" controlId={`${id}-kind`}>
          <Form.Label className="small mb-1">{NAV_MESSAGES.kindLabel}</Form.Label>
          <Form.Select
            size="sm"
            value={kind}
            onChange={(event) => {
              setChoices([]);
              setSearch('');
              pick(event.target.value as TargetKind, '');
            }}
          >
            {TARGET_KINDS.map((k) => (
              <option key={k} value={k}>
                {NAV_MESSAGES.kinds[k]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="col-sm-8">
          {kind === 'section' ? (
            <Form.Group controlId={`${id}-section`}>
              <Form.Label className="small mb-1">{NAV_MESSAGES.targetLabel}</Form.Label>
              <Form.Select size="sm" value={targetId} onChange={(event) => pick(kind, event.target.value)}>
                <option value="">{NAV_MESSAGES.choose}</option>
                {LANDING_SECTIONS.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          ) : kind === 'external' ? (
            <Form.Group controlId={`${id}-url`}>
              <Form.Label className="small mb-1">{NAV_MESSAGES.urlLabel}</Form.Label>
              <Form.Control size="sm" type="url" value={url} onChange={(event) => setUrl(event.target.value)} />
            </Form.Group>
          ) : isIdKind(kind) ? (
            <>
              {kind === 'post' ? (
                <Form.Control
                  size="sm"
                  className="mb-2"
                  type="search"
                  aria-label={NAV_MESSAGES.searchPosts}
                  placeholder={NAV_MESSAGES.searchPosts}
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              ) : null}
              <Form.Group controlId={`${id}-target`}>
                <Form.Label className="small mb-1">{NAV_MESSAGES.targetLabel}</Form.Label>
                <Form.Select size="sm" value={targetId} onChange={(event) => pick(kind, event.target.value)}>
                  <option value="">{choices.length ? NAV_MESSAGES.choose : NAV_MESSAGES.noChoices}</option>
                  {choices.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                      {c.state === 'shown' ? '' : ` (${c.state})`}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </>
          ) : null}
        </div>
        <Form.Group className="col-12" controlId={`${id}-label`}>
          <Form.Label className="small mb-1">{NAV_MESSAGES.labelLabel}</Form.Label>
          <Form.Control
            size="sm"
            value={label}
            isInvalid={error !== null}
            onChange={(event) => {
              setLabel(event.target.value);
              setLabelTouched(true);
            }}
          />
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
      </div>
      <div className="d-flex gap-2 mt-2">
        <Button size="sm" onClick={add}>
          {NAV_MESSAGES.add}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onCancel}>
          {NAV_MESSAGES.cancel}
        </Button>
      </div>
    </div>
  );
}
