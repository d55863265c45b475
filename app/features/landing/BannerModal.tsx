import { Modal } from 'react-bootstrap';
import type { SiteContent } from '#shared/schemas/content.ts';
import { RichText } from '#app/components/ui/RichText.tsx';
import { ContactUsButton } from './ContactUsButton';

export function BannerModal({
  banner,
  show,
  onClose,
  onContact,
}: {
  banner: SiteContent['banner'];
  show: boolean;
  onClose: () => void;
  onContact: () => void;
}) {
  return (
    <Modal show={show} onHide={onClose} size="lg" centered aria-labelledby="banner-modal-title">
      <Modal.Header closeButton>
        <Modal.Title id="banner-modal-title">{banner.modalTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="row g-4">
          <RichText html={banner.modalLeftContent} className="col-md-6 rich-text" />
          <RichText html={banner.modalRightContent} className="col-md-6 rich-text" />
        </div>
      </Modal.Body>
      <Modal.Footer>
        <ContactUsButton onClick={onContact} />
      </Modal.Footer>
    </Modal>
  );
}
