import { ScanLine } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { tableCodeFromQr } from '../api/table-code';
import { BottomSheet } from './bottom-sheet';
import { Button } from './button';
import { Input } from './input';
import { QrViewfinder } from './qr-viewfinder';
import './table-code-sheet.css';

export interface TableCodeSheetProps {
  open: boolean;
  onClose: () => void;
  /** Resolves the code; the button shows busy meanwhile. */
  onSubmit: (code: string) => Promise<void>;
}

/**
 * SPEC 2 Home, Restaurant option: the QR scan of the table code. The camera reads the table's QR
 * (the code itself or a link carrying it, api/table-code.ts tableCodeFromQr); the code printed
 * under the QR can always be typed below instead, and is the only way when there is no camera.
 * A read code stops the camera and goes the typed code's way (onSubmit, SPEC 8's dialogs on a
 * refusal); after a refusal the guest scans again or types.
 */
export function TableCodeSheet({ open, onClose, onSubmit }: TableCodeSheetProps) {
  const formId = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  /** The code the camera read; the camera stays off until the guest asks to scan again. */
  const [scanned, setScanned] = useState<string | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  const running = useRef(false);
  const viewfinderRef = useRef<HTMLDivElement>(null);

  // Every opening starts with the camera on.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setScanned(null);
  }

  const lookUp = async (value: string) => {
    // One request at a time: a double tap, Enter or a second read during the lookup counts once.
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await onSubmit(value);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void lookUp(code);
  };

  const read = (text: string) => {
    if (running.current) return;
    const value = tableCodeFromQr(text);
    setScanned(value);
    // The guest sees what was read, and can correct it by hand after a refusal.
    setCode(value);
    void lookUp(value);
  };

  const scanAgain = () => {
    setScanned(null);
    viewfinderRef.current?.focus({ preventScroll: true });
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
      <div className="table-code-sheet">
        <QrViewfinder
          ref={viewfinderRef}
          label="Камера: наведите на QR-код на столе"
          hint="Наведите камеру на QR-код на столе"
          paused={scanned !== null || busy}
          pausedNote={
            scanned === null
              ? 'Проверяем код…'
              : busy
                ? `Код ${scanned || 'без номера'} считан, проверяем…`
                : `Считан код ${scanned || 'без номера'}. Отсканируйте снова или введите код ниже.`
          }
          pausedAction={
            scanned !== null && !busy ? (
              <Button variant="secondary" icon={<ScanLine />} onClick={scanAgain}>
                Сканировать снова
              </Button>
            ) : null
          }
          unavailableNote="Камера недоступна — введите код вручную"
          onDecode={read}
        />
        <form id={formId} onSubmit={submit} noValidate>
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
      </div>
    </BottomSheet>
  );
}
