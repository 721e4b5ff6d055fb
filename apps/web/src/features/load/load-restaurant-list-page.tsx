import { favouritesFirst, LOAD_FAILED_MESSAGE } from '@chain/domain';
import { Clock, Navigation, Store } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type LoadListArgs, type LoadListItem, loadListQuery, loadPeriodsQuery } from '../../api/load';
import { useQuery } from '../../api/query-cache';
import { routePath } from '../../state/navigation';
import { showDialog, useGuestState } from '../../state/store';
import { statusTextColour } from '../../ui/colour';
import { EmptyState } from '../../ui/empty-state';
import { LoadError } from '../../ui/load-error';
import { LOCATE_FAILED_MESSAGE, locateGuest } from '../../ui/map/locate-guest';
import { RadioCards } from '../../ui/radio-cards';
import { RestaurantCard } from '../../ui/restaurant-card';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { LoadMeter } from './load-meter';
import './load.css';

type Sort = LoadListArgs['sort'];

const SORT_OPTIONS = [
  { value: 'load', label: 'По загрузке' },
  { value: 'distance', label: 'По расстоянию' },
] as const;

/** The guest's choices, kept while the app is open so the way back from a detail finds them. */
let remembered: LoadListArgs = { time: 0, sort: 'load', origin: null };

/** SPEC 2 Рестораны (/zagruzka/rest_list): every restaurant's load now or later, by load or distance, favourites first (SPEC 9). */
export default function LoadRestaurantListPage() {
  const [chosen, setArgs] = useState<LoadListArgs>(remembered);
  const [locating, setLocating] = useState(false);
  const periods = useQuery(loadPeriodsQuery);
  // A remembered forecast hour that has passed is no longer offered: it is now again.
  const offered = periods.status === 'ready' ? periods.data.periods : null;
  const stale = offered !== null && chosen.time !== 0 && !offered.some((period) => period.time === chosen.time);
  const args = useMemo(() => (stale ? { ...chosen, time: 0 } : chosen), [stale, chosen]);
  const list = useQuery(loadListQuery, args);
  const favouriteIds = useGuestState((state) => state.favoriteRestaurants);

  const change = (next: LoadListArgs) => {
    remembered = next;
    setArgs(next);
  };

  const chooseSort = (sort: Sort) => {
    if (sort === 'load' || args.origin !== null) {
      change({ ...args, sort });
      return;
    }
    // By distance needs the guest's point (SPEC 9 haversine from the guest's location).
    setLocating(true);
    locateGuest().then(
      (origin) => {
        setLocating(false);
        change({ ...args, sort: 'distance', origin });
      },
      (error: unknown) => {
        setLocating(false);
        void showDialog({ message: error instanceof Error ? error.message : LOCATE_FAILED_MESSAGE });
      },
    );
  };

  const rows = useMemo(() => {
    if (list.status !== 'ready') return [];
    const favourites = new Set(favouriteIds);
    return favouritesFirst(list.data.items, (item) => favourites.has(String(item.id))).map((item) => ({
      item,
      favourite: favourites.has(String(item.id)),
    }));
  }, [list.status, list.data, favouriteIds]);

  return (
    <Screen title="Рестораны" back="/zagruzka" busy={list.status === 'loading' || locating}>
      <form className="load-filters" aria-label="Время и порядок" onSubmit={(event) => event.preventDefault()}>
        <div className="load-filters__time">
          <label htmlFor="load-time">Время</label>
          <select
            id="load-time"
            className="load-select"
            value={String(args.time)}
            disabled={periods.status !== 'ready'}
            onChange={(event) => change({ ...args, time: Number(event.target.value) })}
          >
            {periods.status === 'ready' ? (
              periods.data.periods.map((period) => (
                <option key={period.time} value={String(period.time)}>
                  {period.text}
                </option>
              ))
            ) : (
              <option value="0">Сейчас</option>
            )}
          </select>
        </div>
        <fieldset className="load-filters__sort">
          <legend>Сортировка</legend>
          <div className="load-filters__options">
            <RadioCards<Sort> name="load-sort" options={SORT_OPTIONS} value={args.sort} onChange={chooseSort} />
          </div>
          {locating ? (
            <p className="load-filters__hint" role="status">
              <Navigation aria-hidden="true" /> Определяем местоположение…
            </p>
          ) : null}
        </fieldset>
      </form>
      {periods.status === 'error' ? (
        <p className="load-filters__hint" role="alert">
          {LOAD_FAILED_MESSAGE}: прогноз на другое время недоступен. {periods.error.message}
        </p>
      ) : null}

      {list.status === 'error' ? (
        <LoadError
          title={LOAD_FAILED_MESSAGE}
          message={list.error.message}
          onRetry={() => loadListQuery.refetch(args)}
        />
      ) : list.status !== 'ready' ? (
        <ListSkeleton />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<Store />}
          title="Нет ресторанов"
          text="Ни один ресторан сейчас не готовит для гостей. Загляните позже."
        />
      ) : (
        <ul
          className="restaurant-list"
          aria-label={args.sort === 'distance' ? 'Рестораны, ближайшие сначала' : 'Рестораны, свободные сначала'}
        >
          {rows.map(({ item, favourite }) => (
            <li key={item.fs_uid}>
              <LoadCard item={item} favourite={favourite} time={args.time} />
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

function LoadCard({ item, favourite, time }: { item: LoadListItem; favourite: boolean; time: number }) {
  const href = routePath('zagruzkaDetail', time > 0 ? { fs_uid: item.fs_uid, time } : { fs_uid: item.fs_uid });
  const timeColour = statusTextColour(item.timeColor);
  return (
    <RestaurantCard href={href} name={item.name} address={item.address} favourite={favourite} testId="load-card">
      {item.distanceText !== '' ? (
        <span className="restaurant-card__line">
          <Navigation aria-hidden="true" />
          <span>
            <span className="load-card__distance">{item.distanceText}</span> от вас
          </span>
        </span>
      ) : null}
      <LoadMeter percent={item.zagruzkaPerc} text={item.zagruzkaText} colour={item.zagruzkaColor} compact />
      {item.open === 1 ? (
        <span className="restaurant-card__line" style={timeColour ? { color: timeColour } : undefined}>
          <Clock aria-hidden="true" />
          <span>Среднее время: {item.timeSrednText}</span>
        </span>
      ) : null}
    </RestaurantCard>
  );
}

function ListSkeleton() {
  return (
    <ul className="restaurant-list" aria-hidden="true">
      {[0, 1, 2].map((index) => (
        <li key={index} className="restaurant-card restaurant-card--skeleton">
          <Skeleton height="1.25rem" width="60%" />
          <Skeleton height="1rem" width="85%" />
          <Skeleton height="0.75rem" />
        </li>
      ))}
    </ul>
  );
}
