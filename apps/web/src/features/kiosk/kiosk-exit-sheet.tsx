import { useLocation } from 'wouter';
import { exitKiosk } from '../../api/kiosk';
import { kioskStore, useCartState } from '../../state/store';
import { StaffCodeSheet } from '../../ui/staff-code-sheet';

/**
 * Issue 14: staff leave kiosk mode with the restaurant's staff code, asked after holding the top
 * bar's logo (a gesture a guest does not stumble on). Leaving ends the guest's session (cart,
 * table, dialogs), turns kiosk mode off with the kiosk's token (ended on the server too) and
 * opens sign-in: the device is a phone-style app again.
 */
export default function KioskExitSheet({ onClose }: { onClose: () => void }) {
  const restaurant = useCartState((state) => state.restaurant);
  const [, navigate] = useLocation();
  return (
    <StaffCodeSheet
      title="Выход из режима киоска"
      hint="Введите код сотрудника, чтобы выйти из режима киоска."
      submitLabel="Выйти из режима киоска"
      // A kiosk without a restaurant has no code to check against: the server answers «Неверный код.».
      // The right code also ends the kiosk's token on the server (decision 038).
      check={(code) => exitKiosk(restaurant?.id ?? '0', code, kioskStore.getState().kioskToken)}
      onAccepted={() => {
        const state = kioskStore.getState();
        state.endKioskGuest();
        state.setKiosk(false);
        onClose();
        navigate('/auth', { replace: true });
      }}
      onClose={onClose}
    />
  );
}
