import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { KIOSK_CODE_FORMAT_MESSAGE, KIOSK_CODE_PATTERN, KIOSK_CODE_SHEET_IDLE_MS } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../api/client';
import type { KioskCodeRefusal } from '../api/kiosk';
import { useKioskState } from '../state/store';
import { BottomSheet } from './bottom-sheet';
import { Keypad } from './keypad';
import './staff-code-sheet.css';

/** The longest code KIOSK_CODE_PATTERN takes: the keypad takes no more digits than that. */
export const KIOSK_CODE_MAX_DIGITS = 8;

/** The keypad's name, whatever the code opens: what e2e journeys and screen readers find it by. */
export const STAFF_CODE_LABEL = 'Код сотрудника';

/** What a code's check answers: taken (with whatever the call gives, e.g. kiosk/enter's token), or refused in words. */
type CodeAnswer = { readonly ok: true } | KioskCodeRefusal;

export interface StaffCodeSheetProps<Answer extends CodeAnswer> {
  /** The sheet's heading. */
  title: string;
  /** One line above the keypad: what the code does here. */
  hint: string;
  /** The keypad's submit key. */
  submitLabel: string;
  /** Asks the server whether the code opens the restaurant's kiosk (kiosk/enter or kiosk/exit). */
  check: (code: string) => Promise<Answer>;
  /** The code was taken: the owner does what it opens (with the check's answer) and closes the sheet. */
  onAccepted: (answer: Extract<Answer, { readonly ok: true }>) => void;
  onClose: () => void;
}

/**
 * Issue 14: the restaurant's staff code turns kiosk mode on (the start page's «Да») and off (the
 * top bar's logo held), so a guest neither traps a phone in kiosk mode nor walks away with a kiosk
 * that signs in or pays by card; it also connects a kiosk again (its Home, decision 038). Digits are typed on the kiosk's keypad, hidden; the server checks
 * them and a refusal (wrong code, too many tries) stays beside the field.
 *
 * Nothing is left open for the next guest: the sheet closes when the idle overlay shows, and by
 * itself after KIOSK_CODE_SHEET_IDLE_MS without a touch inside it (Home never idles), the typed
 * digits gone with it.
 */
export function StaffCodeSheet<Answer extends CodeAnswer>({
  title,
  hint,
  submitLabel,
  check,
  onAccepted,
  onClose,
}: StaffCodeSheetProps<Answer>) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // Closed (Отмена, the scrim, Escape, the idle overlay) while the server was checking a code: its
  // answer, even a yes, must not turn kiosk mode on or off any more.
  const closed = useRef(false);
  useEffect(() => () => void (closed.current = true), []);
  const close = () => {
    closed.current = true;
    onClose();
  };

  const idle = useKioskState((state) => state.kioskIdleVisible);
  const closeForIdle = useEffectEvent(() => close());
  useEffect(() => {
    if (idle) closeForIdle();
  }, [idle]);

  const expire = useEffectEvent(() => {
    setCode('');
    setError(null);
    close();
  });

  // A touch or a key inside the sheet starts the wait again; while the server checks a code the
  // sheet waits for its answer instead.
  useEffect(() => {
    if (busy) return;
    let timer = setTimeout(expire, KIOSK_CODE_SHEET_IDLE_MS);
    const touched = (event: Event) => {
      const sheet = root.current?.closest('dialog') ?? root.current;
      if (!sheet || !(event.target instanceof Node) || !sheet.contains(event.target)) return;
      clearTimeout(timer);
      timer = setTimeout(expire, KIOSK_CODE_SHEET_IDLE_MS);
    };
    document.addEventListener('pointerdown', touched, true);
    document.addEventListener('keydown', touched, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', touched, true);
      document.removeEventListener('keydown', touched, true);
    };
  }, [busy]);

  const submit = async () => {
    if (busy) return;
    if (!KIOSK_CODE_PATTERN.test(code)) {
      setError(KIOSK_CODE_FORMAT_MESSAGE);
      return;
    }
    setBusy(true);
    let accepted: Extract<Answer, { readonly ok: true }> | null = null;
    try {
      const answer = await check(code);
      if (answer.ok) accepted = answer as Extract<Answer, { readonly ok: true }>;
      else {
        setError(answer.message);
        setCode('');
      }
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : REQUEST_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
    if (accepted && !closed.current) onAccepted(accepted);
  };

  return (
    <BottomSheet open onClose={close} title={title}>
      <div ref={root} className="staff-code">
        <p className="staff-code__hint">{hint}</p>
        <Keypad
          label={STAFF_CODE_LABEL}
          masked
          value={code}
          maxLength={KIOSK_CODE_MAX_DIGITS}
          placeholder={STAFF_CODE_LABEL}
          submitLabel={submitLabel}
          busy={busy}
          error={error}
          onChange={(next) => {
            setCode(next);
            setError(null);
          }}
          onCancel={close}
          onSubmit={() => void submit()}
        />
      </div>
    </BottomSheet>
  );
}
