import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

/** A button that runs a file download, disabled and with a spinner while it lasts. */
export function DownloadButton(props: {
  variant: string;
  download: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={props.variant}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        props
          .download()
          .catch(() => undefined) // The download already showed the failure.
          .finally(() => setBusy(false));
      }}
    >
      {busy && <Spinner size="sm" className="me-2" />}
      {props.children}
    </Button>
  );
}
