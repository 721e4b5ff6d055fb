import { KIOSK_OFFLINE_MESSAGE, OFFLINE_KEPT_MESSAGE, OFFLINE_TITLE } from '@chain/domain';
import { useOnline } from '../ui/use-online';
import './offline-notice.css';

/**
 * Issue 18, offline: a banner at the top while the network is gone, saying that nothing the guest
 * built is lost; nothing is sent by itself when it returns. On a kiosk a calm screen of its own
 * over everything (docs/design.md Kiosk: no alarm colours).
 */
export function OfflineNotice({ kiosk }: { kiosk: boolean }) {
  const online = useOnline();
  if (online) return null;
  if (kiosk) {
    return (
      <div
        className="kiosk-offline"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="kiosk-offline-title"
        aria-describedby="kiosk-offline-text"
      >
        <h2 id="kiosk-offline-title">{OFFLINE_TITLE}</h2>
        <p id="kiosk-offline-text">{KIOSK_OFFLINE_MESSAGE}</p>
      </div>
    );
  }
  return (
    <div className="offline-banner" role="status">
      <strong>{OFFLINE_TITLE}</strong> <span>{OFFLINE_KEPT_MESSAGE}</span>
    </div>
  );
}
