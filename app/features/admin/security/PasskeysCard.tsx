import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Form, ListGroup, Modal } from 'react-bootstrap';
import { listPasskeys, removePasskey, renamePasskey } from '#shared/api/passkeys.ts';
import { formatDate } from '#shared/format.ts';
import { PASSKEY_MESSAGES } from '#shared/messages.ts';
import { passkeyNameSchema, type passkeyListSchema, type passkeySchema } from '#shared/schemas/passkeys.ts';
import type { z } from '#shared/schemas/zod.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { browserHasPasskeys, createPasskey, passkeyFailure } from '#app/features/auth/passkeys.ts';
import { call } from '#app/lib/api-client.ts';
import { toast } from '#app/lib/toast.tsx';
import { GuardedFooter, useGuardedClose } from '#app/features/unsaved/guarded-close.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';

type PasskeyList = z.output<typeof passkeyListSchema>;
type Passkey = z.output<typeof passkeySchema>;

/** The first message of a name that breaks the rules, or undefined. */
const nameError = (name: string) => {
  const parsed = passkeyNameSchema.safeParse(name);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? PASSKEY_MESSAGES.nameRequired);
};

/**
 * "Passkeys" on /admin/security (docs/product.md#passkeys): one's passkeys (name, added, last used, synced),
 * adding one (named, up to 10), renaming and removing. When the site's address does not allow passkeys
 * (plain HTTP elsewhere than localhost) or the browser cannot use them, the controls are disabled and the
 * card says why.
 */
export function PasskeysCard() {
  const [list, setList] = useState<PasskeyList | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [browserOk, setBrowserOk] = useState(true);
  const adding = useSubmit();
  const acting = useSubmit();

  // Bumped after each change: the list is read again.
  const [version, setVersion] = useState(0);
  const load = () => setVersion((v) => v + 1);
  useEffect(() => {
    let live = true;
    call(listPasskeys)
      .then((answer) => {
        if (!live) return;
        setList(answer);
        setBrowserOk(browserHasPasskeys());
        setFailed(false);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [version]);

  const full = list ? list.passkeys.length >= list.max : false;
  const usable = Boolean(list?.available) && browserOk;

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    const done = await adding.run(() => createPasskey(name), {
      success: (passkey) => PASSKEY_MESSAGES.added(passkey.name),
      onFailure: (err) => toast.error(passkeyFailure(err, PASSKEY_MESSAGES.notVerified)),
    });
    if (done) setName('');
    load();
  };

  const remove = async (passkey: Passkey) => {
    setRemoving(null);
    await acting.run(() => call(removePasskey, { params: { id: passkey.id } }), {
      success: (answer) => answer.message,
    });
    load();
  };

  return (
    <section className="admin-card mb-4" aria-labelledby="passkeys-title">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-2">
        <h2 id="passkeys-title" className="h5 mb-0">
          Passkeys
        </h2>
        {list ? (
          <span className="small text-body-secondary" data-testid="passkey-count">
            {list.passkeys.length} of {list.max}
          </span>
        ) : null}
      </div>
      <p className="text-body-secondary small">
        A passkey signs you in with your device&apos;s screen lock or a security key instead of your password, and can
        confirm it&apos;s you before sensitive changes.
      </p>
      {failed ? <p role="alert">{PASSKEY_MESSAGES.loadFailed}</p> : null}
      {list && !list.available ? (
        <Alert variant="warning" data-testid="passkeys-unavailable">
          {list.reason}
        </Alert>
      ) : null}
      {list?.available && !browserOk ? <Alert variant="warning">{PASSKEY_MESSAGES.browserUnsupported}</Alert> : null}
      {list ? (
        list.passkeys.length ? (
          <ListGroup as="ul" className="mb-3" aria-label="Your passkeys">
            {list.passkeys.map((passkey) => (
              <ListGroup.Item
                as="li"
                key={passkey.id}
                className="d-flex flex-wrap gap-2 align-items-start"
                data-testid="passkey-row"
              >
                <div className="flex-grow-1 min-w-0">
                  <div className="fw-semibold text-break">
                    {passkey.name}
                    {passkey.synced ? (
                      <Badge bg="info" className="ms-2 align-text-bottom" title={PASSKEY_MESSAGES.syncedHint}>
                        Synced
                      </Badge>
                    ) : null}
                  </div>
                  <div className="small text-body-secondary">
                    Added {formatDate(passkey.createdAt)} ·{' '}
                    {passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : 'Never used'}
                  </div>
                </div>
                <div className="d-flex gap-2">
                  <Button
                    variant="outline-secondary"
                    size="sm"
                    disabled={acting.busy}
                    onClick={() => setRenaming(passkey)}
                    aria-label={`Rename ${passkey.name}`}
                  >
                    Rename
                  </Button>
                  <Button
                    variant="outline-danger"
                    size="sm"
                    disabled={acting.busy}
                    onClick={() => setRemoving(passkey)}
                    aria-label={`Remove ${passkey.name}`}
                  >
                    Remove
                  </Button>
                </div>
              </ListGroup.Item>
            ))}
          </ListGroup>
        ) : (
          <p className="text-body-secondary">{PASSKEY_MESSAGES.empty}</p>
        )
      ) : null}
      {list ? (
        <form noValidate onSubmit={add} aria-label="Add a passkey" className="passkey-add">
          <TextField
            id="passkey-name"
            label="Name of the new passkey"
            value={name}
            error={error}
            readOnly={!usable || full}
            onChange={(value) => {
              setName(value);
              if (error) setError(undefined);
            }}
          />
          {full ? <p className="small text-body-secondary">{PASSKEY_MESSAGES.limitReached(list.max)}</p> : null}
          <SpinnerButton type="submit" loading={adding.busy} disabled={!usable || full}>
            Add a passkey
          </SpinnerButton>
        </form>
      ) : null}
      {renaming ? (
        <RenameDialog
          passkey={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={() => {
            setRenaming(null);
            load();
          }}
        />
      ) : null}
      <ConfirmDialog
        show={removing !== null}
        message={removing ? PASSKEY_MESSAGES.confirmRemove(removing.name) : ''}
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && void remove(removing)}
      />
    </section>
  );
}

function RenameDialog({
  passkey,
  onClose,
  onRenamed,
}: {
  passkey: Passkey;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const close = useGuardedClose(name !== passkey.name, onClose);
  const saving = useSubmit();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = nameError(name);
    setError(problem);
    if (problem) return;
    const done = await saving.run(() => call(renamePasskey, { params: { id: passkey.id }, body: { name } }), {
      success: (renamed) => PASSKEY_MESSAGES.renamed(renamed.name),
    });
    if (done) onRenamed();
  };
  return (
    <Modal show onHide={close.requestClose} centered aria-labelledby="rename-passkey-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton>
          <Modal.Title as="h2" id="rename-passkey-title" className="h5">
            Rename passkey
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <TextField id="passkey-rename" label="Name" value={name} error={error} onChange={setName} />
        </Modal.Body>
        <GuardedFooter
          close={close}
          cancel={{ label: 'Cancel', onClick: onClose, variant: 'outline-secondary' }}
          submit={{ label: 'Save name', loading: saving.busy }}
        />
      </Form>
    </Modal>
  );
}
