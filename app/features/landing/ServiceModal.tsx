import { Modal } from 'react-bootstrap';
import type { ServiceItem } from '#shared/schemas/content.ts';
import { Picture } from '#app/components/ui/Picture.tsx';
import { RichText } from '#app/components/ui/RichText.tsx';
import { ContactUsButton } from './ContactUsButton';

export function ServiceModal({
  service,
  onClose,
  onContact,
}: {
  service: ServiceItem | null;
  onClose: () => void;
  onContact: () => void;
}) {
  return (
    <Modal show={service !== null} onHide={onClose} size="lg" centered aria-labelledby="service-modal-title">
      {service ? (
        <>
          <Modal.Header closeButton>
            <Modal.Title id="service-modal-title">{service.title}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            {service.modal_img ? (
              <Picture
                src={service.modal_img}
                alt={service.title}
                width={800}
                height={520}
                sizes="(max-width: 991px) 100vw, 800px"
                className="img-fluid rounded mb-3 service-modal-img"
                eager
              />
            ) : null}
            <RichText html={service.modal_description} className="rich-text" />
          </Modal.Body>
          <Modal.Footer>
            <ContactUsButton onClick={onContact} />
          </Modal.Footer>
        </>
      ) : null}
    </Modal>
  );
}
