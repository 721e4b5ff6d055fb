import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { KIOSK_CODE_FORMAT_MESSAGE, KIOSK_CODE_PATTERN } from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { exitKiosk } from '../../api/kiosk';
import { appStore, useAppState } from '../../state/store';
import { BottomSheet } from '../../ui/bottom-sheet';
import { Keypad } from '../../ui/keypad';
import './kiosk-exit-sheet.css';

/** The longest code KIOSK_CODE_PATTERN takes: the keypad takes no more digits than that. */
export const KIOSK_CODE_MAX_DIGITS = 8;

/**
 * Issue 14: staff leave kiosk mode with the restaurant's staff code (asked after holding the top
 * bar's logo, a gesture a guest does not stumble on). The server checks the code; a refusal
 * (wrong code, too many tries) stays beside the field. Leaving ends the guest's session (cart,
 * table, dialogs), turns kiosk mode off and opens sign-in: the device is a phone-style app again.
 */
export default function KioskExitSheet({ onClose }: { onClose: () => void }) {
  const restaurant = useAppState((state) => state.restaurant);
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Staff who walk away leave no open sheet for the next guest: the idle overlay closes it.
  const idle = useAppState((state) => state.kioskIdleVisible);
  useEffect(() => {
    if (idle) onClose();
  }, [idle, onClose]);

  const submit = async () => {
    if (busy) return;
    if (!KIOSK_CODE_PATTERN.test(code)) {
      setError(KIOSK_CODE_FORMAT_MESSAGE);
      return;
    }
    setBusy(true);
    let left = false;
    try {
      // A kiosk without a restaurant has no code to check against: the server answers «Неверный код.».
      const answer = await exitKiosk(restaurant?.id ?? '0', code);
      if (answer.ok) left = true;
      else {
        setError(answer.message);
        setCode('');
      }
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : REQUEST_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
    if (!left) return;
    const state = appStore.getState();
    state.endKioskGuest();
    state.setKiosk(false);
    onClose();
    navigate('/auth', { replace: true });
  };

  return (
    <BottomSheet open onClose={onClose} title="Выход из режима киоска">
      <div className="kiosk-exit">
        <p className="kiosk-exit__hint">Введите код сотрудника, чтобы выйти из режима киоска.</p>
        <Keypad
          label="Код сотрудника"
          masked
          value={code}
          maxLength={KIOSK_CODE_MAX_DIGITS}
          placeholder="Код сотрудника"
          submitLabel="Выйти из режима киоска"
          busy={busy}
          error={error}
          onChange={(next) => {
            setCode(next);
            setError(null);
          }}
          onCancel={onClose}
          onSubmit={() => void submit()}
        />
      </div>
    </BottomSheet>
  );
}
