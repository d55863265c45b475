import { Button, Spinner, type ButtonProps } from 'react-bootstrap';

/** A button that shows a spinner and ignores clicks while its action is in flight. */
export function SpinnerButton({ loading, children, ...props }: ButtonProps & { loading: boolean }) {
  return (
    <Button {...props} disabled={loading || props.disabled} aria-busy={loading}>
      {loading ? <Spinner as="span" animation="border" size="sm" role="status" aria-label="Sending" /> : children}
    </Button>
  );
}
