import { Button, Modal } from 'react-bootstrap';

/** Asks before something is deleted. */
export function ConfirmDialog({
  show,
  message,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-title">Please confirm</Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
