import { useEffect, useState } from 'react';
import { Modal, Spinner } from 'react-bootstrap';
import { RichText } from '#app/components/ui/RichText.tsx';
import { loadPolicyTexts, type PolicyTexts } from './policy-texts';

export type PolicyKind = 'terms' | 'privacy';

const TITLES: Record<PolicyKind, string> = {
  terms: 'Terms and conditions !',
  privacy: 'Privacy Policy !',
};

/**
 * The footer's terms/privacy modal. The footer loads this module on the first click (it holds the modal
 * code), and the texts come from GET /api/policies then.
 */
export default function PolicyModal({ kind, onClose }: { kind: PolicyKind | null; onClose: () => void }) {
  // null until loaded; 'failed' shows a message, and closing the modal clears it so the next opening retries.
  const [texts, setTexts] = useState<PolicyTexts | 'failed' | null>(null);

  useEffect(() => {
    if (!kind || texts !== null) return;
    let current = true;
    loadPolicyTexts().then(
      (loaded) => current && setTexts(loaded),
      () => current && setTexts('failed'),
    );
    return () => {
      current = false;
    };
  }, [kind, texts]);

  const failed = texts === 'failed';
  const loaded = texts && texts !== 'failed' ? texts : null;
  const html = kind === 'terms' ? loaded?.terms_and_conditions_text : loaded?.privacy_policy_text;
  return (
    <Modal
      show={kind !== null}
      onHide={onClose}
      onExited={() => failed && setTexts(null)}
      size="lg"
      centered
      scrollable
      aria-labelledby="policy-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="policy-title">{kind ? TITLES[kind] : ''}</Modal.Title>
      </Modal.Header>
      <Modal.Body aria-busy={html === undefined && !failed}>
        {html !== undefined ? (
          <RichText html={html} className="rich-text" />
        ) : failed ? (
          <p role="alert" className="mb-0">
            The text could not be loaded. Please close this window and try again.
          </p>
        ) : (
          <Spinner animation="border" role="status" size="sm">
            <span className="visually-hidden">Loading…</span>
          </Spinner>
        )}
      </Modal.Body>
    </Modal>
  );
}
