import { type ReactNode, useEffect } from 'react';
import { Link, Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { staffMeCall, staffSignOutCall } from '@chain/contract';
import { staffCall } from './api';
import { AuditPage } from './audit-page';
import { BoardPage } from './board-page';
import { BookingsPage } from './bookings-page';
import { GuestsPage } from './guests-page';
import { LoadPage } from './load-page';
import { manageAreasFor } from './manage/areas';
import { ManagePage } from './manage/manage-page';
import { StopListPage } from './stop-list-page';
import { setStaffSession, type StaffSession, useStaffSession } from './session';
import { SignInPage } from './sign-in-page';
import { TablesPage } from './tables-page';

/** The staff app's address space, under /staff (outside the guest app's SPEC 2 routes). */
export const STAFF_BASE = '/staff';

export function StaffApp() {
  const session = useStaffSession();
  return <Router base={STAFF_BASE}>{session ? <SignedIn session={session} /> : <SignInPage />}</Router>;
}

function SignedIn({ session }: { session: StaffSession }) {
  const first = session.me.restaurants[0]?.id;
  // Who this is and where they may act, asked again on opening (a role or a restaurant may have changed).
  useEffect(() => {
    staffCall(staffMeCall).then(
      (me) => setStaffSession({ token: session.token, me }),
      () => undefined,
    );
  }, [session.token]);
  return (
    <Switch>
      <Route path="/r/:id">
        {(params) => <RestaurantScreens session={session} restaurantId={Number(params.id)} page="board" />}
      </Route>
      <Route path="/r/:id/:page">
        {(params) => <RestaurantScreens session={session} restaurantId={Number(params.id)} page={params.page} />}
      </Route>
      <Route path="/guests">
        <Shell session={session} restaurantId={first ?? null}>
          <GuestsPage />
        </Shell>
      </Route>
      <Route path="/manage">
        <Shell session={session} restaurantId={first ?? null}>
          <ManagePage session={session} area={null} />
        </Shell>
      </Route>
      <Route path="/manage/:area">
        {(params) => (
          <Shell session={session} restaurantId={first ?? null}>
            <ManagePage session={session} area={params.area} />
          </Shell>
        )}
      </Route>
      <Route path="/audit">
        <Shell session={session} restaurantId={first ?? null}>
          <AuditPage />
        </Shell>
      </Route>
      <Route>
        {first !== undefined ? <Redirect to={`/r/${first}`} replace /> : <NoRestaurant session={session} />}
      </Route>
    </Switch>
  );
}

const PAGES: Record<string, { title: string; render: (restaurantId: number, session: StaffSession) => ReactNode }> = {
  board: {
    title: 'Заказы',
    render: (id, session) => <BoardPage key={id} restaurantId={id} manager={session.me.role === 'manager'} />,
  },
  menu: {
    title: 'Стоп-лист',
    render: (id, session) => <StopListPage restaurantId={id} chainManager={session.me.chain} />,
  },
  load: { title: 'Загрузка', render: (id) => <LoadPage restaurantId={id} /> },
  bookings: { title: 'Брони', render: (id) => <BookingsPage restaurantId={id} /> },
  tables: { title: 'QR-коды столов', render: (id) => <TablesPage restaurantId={id} /> },
};

function RestaurantScreens({
  session,
  restaurantId,
  page,
}: {
  session: StaffSession;
  restaurantId: number;
  page: string;
}) {
  const screen = PAGES[page];
  if (!screen) return <Redirect to={`/r/${restaurantId}`} replace />;
  return (
    <Shell session={session} restaurantId={restaurantId}>
      {screen.render(restaurantId, session)}
    </Shell>
  );
}

function NoRestaurant({ session }: { session: StaffSession }) {
  return (
    <Shell session={session} restaurantId={null}>
      <p className="staff-empty">Вашей учётной записи не назначен ни один ресторан. Обратитесь к менеджеру сети.</p>
    </Shell>
  );
}

function Shell({
  session,
  restaurantId,
  children,
}: {
  session: StaffSession;
  restaurantId: number | null;
  children: ReactNode;
}) {
  const [location, navigate] = useLocation();
  const manager = session.me.role === 'manager';
  const restaurants = session.me.restaurants;
  const tabs =
    restaurantId === null
      ? []
      : Object.entries(PAGES).map(([key, page]) => ({
          href: key === 'board' ? `/r/${restaurantId}` : `/r/${restaurantId}/${key}`,
          title: page.title,
        }));
  const signOut = () => {
    void staffCall(staffSignOutCall).catch(() => undefined);
    setStaffSession(null);
  };
  return (
    <div className="staff">
      <header className="staff__header">
        <div className="staff__who">
          <strong>{session.me.name}</strong>
          <span>{session.me.role === 'manager' ? 'Менеджер' : 'Кухня'}</span>
        </div>
        {restaurants.length > 1 && restaurantId !== null ? (
          <label className="staff__switch">
            <span className="staff__switch-label">Ресторан</span>
            <select
              value={restaurantId}
              onChange={(event) => navigate(location.replace(/^\/r\/\d+/, `/r/${event.target.value}`))}
            >
              {restaurants.map((restaurant) => (
                <option key={restaurant.id} value={restaurant.id}>
                  {restaurant.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="staff__restaurant">
            {restaurants.find((restaurant) => restaurant.id === restaurantId)?.name ?? ''}
          </span>
        )}
        <button type="button" className="staff-button staff-button--ghost" onClick={signOut}>
          Выйти
        </button>
      </header>
      <nav className="staff__nav" aria-label="Разделы">
        {tabs.map((tab) => (
          <NavLink key={tab.href} href={tab.href} current={location === tab.href}>
            {tab.title}
          </NavLink>
        ))}
        {manager ? (
          <>
            <NavLink href="/guests" current={location === '/guests'}>
              Гости
            </NavLink>
            <NavLink href="/audit" current={location === '/audit'}>
              Журнал
            </NavLink>
            {manageAreasFor(session.me).length > 0 ? (
              <NavLink href="/manage" current={location === '/manage' || location.startsWith('/manage/')}>
                Управление
              </NavLink>
            ) : null}
          </>
        ) : null}
      </nav>
      <main className="staff__main">{children}</main>
    </div>
  );
}

function NavLink({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <Link href={href} className="staff__tab" aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}
