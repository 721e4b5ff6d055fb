import { type Payer, payer } from '../../api/order';
import { guestStore, kioskStore } from '../../state/store';

/** Who pays, as the payment calls take it now: the guest's session, and a kiosk's token on a kiosk. */
export function currentPayer(): Payer {
  const { kiosk, kioskToken } = kioskStore.getState();
  return payer({ user: guestStore.getState().user, kiosk, kioskToken });
}
