import { Form } from 'react-bootstrap';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  readOnly?: boolean;
  className?: string;
  as?: 'textarea';
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  required?: boolean;
}

/** A labelled input with its validation message underneath. */
export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  type = 'text',
  className,
  as,
  rows,
  ...rest
}: TextFieldProps) {
  return (
    <Form.Group className={className ?? 'mb-3'} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...rest}
        as={as}
        rows={rows}
        type={as ? undefined : type}
        name={id}
        value={value}
        isInvalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
