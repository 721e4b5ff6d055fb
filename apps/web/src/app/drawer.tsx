import {
  BookText,
  Heart,
  Home,
  Info,
  LogOut,
  MapPin,
  MessageSquare,
  Phone,
  ReceiptText,
  Star,
  Truck,
  User,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { APP_ROUTES } from '@chain/contract';
import type { Settings } from '@chain/contract';
import { isBuiltScreen } from '../state/navigation';
import { chromeStore, guestStore, useCartState, useChromeState, useGuestState, useKioskState } from '../state/store';
import { IconButton } from '../ui/button';
import { Modal } from '../ui/modal';
import { type DrawerEntry, type DrawerIcon, type DrawerModel, drawerModel } from './drawer-model';
import './drawer.css';

const ICONS: Record<DrawerIcon, ReactNode> = {
  phone: <Phone aria-hidden="true" />,
  feedback: <MessageSquare aria-hidden="true" />,
  orders: <ReceiptText aria-hidden="true" />,
  profile: <User aria-hidden="true" />,
  liked: <Heart aria-hidden="true" />,
  addresses: <MapPin aria-hidden="true" />,
  ratings: <Star aria-hidden="true" />,
  home: <Home aria-hidden="true" />,
  about: <Info aria-hidden="true" />,
  delivery: <Truck aria-hidden="true" />,
  offer: <BookText aria-hidden="true" />,
  logout: <LogOut aria-hidden="true" />,
};

/** SPEC 2 Side drawer, as a modal dialog sliding in from the start edge. */
export default function Drawer({ settings }: { settings: Settings | null }) {
  const titleId = useId();
  const [location, navigate] = useLocation();
  const open = useChromeState((state) => state.showDrawer);
  const authorized = useGuestState((state) => state.user.authorized);
  const userName = useGuestState((state) => state.user.name);
  const userPhone = useGuestState((state) => state.user.phone);
  const userEmail = useGuestState((state) => state.user.email);
  const kiosk = useKioskState((state) => state.kiosk);
  const dishesLoaded = useChromeState((state) => state.dishesLoaded);
  const orderType = useCartState((state) => state.orderType);

  const model = builtOnly(
    drawerModel({
      authorized,
      kiosk,
      dishesLoaded,
      orderType,
      hotline: settings?.hotline ?? null,
      userName,
      userPhone,
      userEmail,
    }),
  );

  const close = () => chromeStore.getState().setShowDrawer(false);

  // A location change (a link, the browser's back) closes the drawer.
  const shownAt = useRef(location);
  useEffect(() => {
    if (shownAt.current === location) return;
    shownAt.current = location;
    chromeStore.getState().setShowDrawer(false);
  }, [location]);
  const logout = () => {
    close();
    // Decision 008: the session ends on the server too (best effort, not waited for; its code
    // loads only now); SPEC 4: the user fields are cleared here at once.
    const { user } = guestStore.getState();
    void import('../api/session').then(({ endSession }) => endSession(user)).catch(() => undefined);
    guestStore.getState().logout();
    navigate(APP_ROUTES.auth);
  };

  const renderEntry = (entry: DrawerEntry) => {
    switch (entry.kind) {
      case 'call':
        return (
          <a className="drawer__item" href={entry.href} onClick={close}>
            {ICONS[entry.icon]}
            <span className="drawer__item-text">
              <span>{entry.label}</span>
              <span className="drawer__item-detail">{entry.detail}</span>
            </span>
          </a>
        );
      case 'link':
        return (
          <Link
            className="drawer__item"
            href={entry.href}
            aria-current={location === entry.href ? 'page' : undefined}
            onClick={close}
          >
            {ICONS[entry.icon]}
            <span>{entry.label}</span>
          </Link>
        );
      case 'logout':
        return (
          <button type="button" className="drawer__item" onClick={logout}>
            {ICONS[entry.icon]}
            <span>{entry.label}</span>
          </button>
        );
    }
  };

  const section = (entries: readonly DrawerEntry[], label: string) =>
    entries.length > 0 ? (
      <ul className="drawer__list" aria-label={label}>
        {entries.map((entry) => (
          <li key={entry.label}>{renderEntry(entry)}</li>
        ))}
      </ul>
    ) : null;

  return (
    <Modal open={open} onClose={close} placement="drawer" labelledBy={titleId}>
      <nav className="drawer" aria-labelledby={titleId}>
        <div className="drawer__header">
          <h2 id={titleId} className="drawer__title">
            {settings?.app_name || 'Меню'}
          </h2>
          <IconButton label="Закрыть меню" icon={<X />} onClick={close} />
        </div>
        {model.profile ? (
          <div className="drawer__profile">
            <p className="drawer__profile-name">{model.profile.name || 'Гость'}</p>
            {model.profile.phone ? <p className="drawer__profile-phone">{model.profile.phone}</p> : null}
          </div>
        ) : null}
        {section(model.contact, 'Связаться с нами')}
        {section(model.account, 'Личный кабинет')}
        {section(model.general, 'Разделы')}
      </nav>
    </Modal>
  );
}

/** The drawer without links to screens not built yet (issue 7: not shown dead). */
function builtOnly(model: DrawerModel): DrawerModel {
  const keep = (entries: readonly DrawerEntry[]) =>
    entries.filter((entry) => entry.kind !== 'link' || isBuiltScreen(entry.href));
  return { ...model, contact: keep(model.contact), account: keep(model.account), general: keep(model.general) };
}
