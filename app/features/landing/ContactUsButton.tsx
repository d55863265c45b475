import { Button } from 'react-bootstrap';

export function ContactUsButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="primary" onClick={onClick}>
      Contact Us
    </Button>
  );
}
