import { Alert, Button } from 'react-bootstrap';
import { TWO_FACTOR_MESSAGES } from '#shared/messages.ts';
import { saveFile } from '#app/lib/save-file.ts';
import { toast } from '#app/lib/toast.tsx';

/** New recovery codes, shown once: copy or download them, then close (docs/product.md#recovery). */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Recovery codes for ${window.location.host} (${new Date().toISOString().slice(0, 10)}). Each works once.\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(TWO_FACTOR_MESSAGES.codesCopied);
    } catch {
      toast.error(TWO_FACTOR_MESSAGES.copyFailed);
    }
  };
  const download = () => saveFile(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt');
  return (
    <Alert variant="warning" className="mt-3" aria-labelledby="recovery-codes-title">
      <h3 className="h6" id="recovery-codes-title">
        Your recovery codes
      </h3>
      <p className="mb-2">
        Save these now: they are shown only this once. Each code signs you in once if you lose your phone.
      </p>
      <ul className="recovery-codes list-unstyled font-monospace mb-3" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-dark" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outline-dark" size="sm" onClick={download}>
          Download
        </Button>
        <Button variant="dark" size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </Alert>
  );
}
