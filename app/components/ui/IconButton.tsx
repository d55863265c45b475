import pencil from 'bootstrap-icons/icons/pencil-square.svg?raw';
import trash from 'bootstrap-icons/icons/trash.svg?raw';
import { Link } from 'react-router';

const KINDS = {
  edit: { icon: pencil, className: 'btn-outline-primary me-2' },
  delete: { icon: trash, className: 'btn-outline-danger' },
} as const;

type IconButtonProps = { kind: keyof typeof KINDS; label: string } & (
  { onClick: () => void; to?: never } | { to: string; onClick?: never }
);

/** The small edit and delete buttons of the admin tables; `label` is what screen readers hear. */
export function IconButton({ kind, label, ...action }: IconButtonProps) {
  const { icon, className } = KINDS[kind];
  const inner = <span aria-hidden="true" dangerouslySetInnerHTML={{ __html: icon }} />;
  const classes = `btn btn-sm icon-button ${className}`;
  if (action.to !== undefined) {
    return (
      <Link to={action.to} className={classes} aria-label={label}>
        {inner}
      </Link>
    );
  }
  return (
    <button type="button" className={classes} aria-label={label} onClick={action.onClick}>
      {inner}
    </button>
  );
}
