import { type FormEvent, useId, useRef, useState } from 'react';
import { BottomSheet } from './bottom-sheet';
import { Button } from './button';
import { Input } from './input';

export interface TableCodeSheetProps {
  open: boolean;
  onClose: () => void;
  /** Resolves the code; the button shows busy meanwhile. */
  onSubmit: (code: string) => Promise<void>;
}

/**
 * SPEC 2 Home, Restaurant option: the table's code typed from the line printed under its QR
 * (a camera scanner needs a QR library the app does not have yet).
 */
export function TableCodeSheet({ open, onClose, onSubmit }: TableCodeSheetProps) {
  const formId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // One request at a time: a double tap or Enter during the lookup counts once.
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await onSubmit(code);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title="Номер стола"
      footer={
        <Button type="submit" form={formId} block busy={busy}>
          Продолжить
        </Button>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Input
          label="Код стола"
          hint="Код напечатан под QR-кодом на столе, например T-JQBB-01"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={64}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </form>
    </BottomSheet>
  );
}
