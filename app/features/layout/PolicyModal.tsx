import { Modal } from 'react-bootstrap';
import { RichText } from '#app/components/ui/RichText.tsx';

export type PolicyKind = 'terms' | 'privacy';

const TITLES: Record<PolicyKind, string> = {
  terms: 'Terms and conditions !',
  privacy: 'Privacy Policy !',
};

export function PolicyModal({ kind, html, onClose }: { kind: PolicyKind | null; html: string; onClose: () => void }) {
  return (
    <Modal show={kind !== null} onHide={onClose} size="lg" centered scrollable aria-labelledby="policy-title">
      <Modal.Header closeButton>
        <Modal.Title id="policy-title">{kind ? TITLES[kind] : ''}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <RichText html={html} className="rich-text" />
      </Modal.Body>
    </Modal>
  );
}
