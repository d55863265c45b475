import { Alert } from 'react-bootstrap';
import { since } from '#shared/format.ts';
import { PRESENCE_MESSAGES } from '#shared/messages.ts';
import type { PresenceOther } from '#shared/api/presence.ts';

/** "Anna Berg is also editing this post · last typed 2 minutes ago" (docs/product.md#edit-conflicts). */
export function PresenceNotice({ others, what }: { others: PresenceOther[]; what: 'post' | 'section' }) {
  if (others.length === 0) return null;
  const names = [...new Set(others.filter((o) => !o.self).map((o) => o.name))];
  const joined = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return (
    <Alert variant="info" className="presence-notice py-2" role="status" data-testid="presence">
      <strong>{joined ? PRESENCE_MESSAGES.others(joined, what) : PRESENCE_MESSAGES.selfElsewhere(what)}</strong>
      <ul className="list-unstyled small mb-0 mt-1">
        {others.map((other, index) => (
          <li key={index}>
            {other.self ? PRESENCE_MESSAGES.you : other.name}:{' '}
            {other.typedAt
              ? PRESENCE_MESSAGES.lastTyped(since(other.typedAt).toLowerCase())
              : PRESENCE_MESSAGES.notTyped}
          </li>
        ))}
      </ul>
      <span className="small">{PRESENCE_MESSAGES.saveCarefully}</span>
    </Alert>
  );
}
