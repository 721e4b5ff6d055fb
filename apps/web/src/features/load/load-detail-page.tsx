import type { stopListGroup } from '@chain/contract';
import { LOAD_FAILED_MESSAGE } from '@chain/domain';
import { CircleCheck, Clock, MapPin } from 'lucide-react';
import { useMemo } from 'react';
import { useParams } from 'wouter';
import type * as z from 'zod/mini';
import { type LoadInfoAnswer, type LoadInfoArgs, loadInfoQuery, loadPeriodsQuery } from '../../api/load';
import { useQuery } from '../../api/query-cache';
import { statusTextColour } from '../../ui/colour';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import { LoadMeter } from './load-meter';
import '../../ui/restaurant-card.css';
import './load.css';

type StopListGroup = z.output<typeof stopListGroup>;

/** The route's {time?}: Unix seconds, anything else is now. */
function routeTime(raw: string | undefined): number {
  return raw !== undefined && /^\d{1,12}$/.test(raw) ? Number(raw) : 0;
}

/** SPEC 2 Загруженность ресторана (/zagruzka/detail/{fs_uid}/{time?}): load, average time and the stop list. */
export default function LoadDetailPage() {
  const params = useParams<{ fs_uid?: string; time?: string }>();
  const fsUid = params.fs_uid ?? '';
  const time = routeTime(params.time);
  const args = useMemo<LoadInfoArgs | null>(() => (fsUid === '' ? null : { fsUid, time }), [fsUid, time]);
  const info = useQuery(loadInfoQuery, args);

  return (
    <Screen title="Загруженность ресторана" back="/zagruzka/rest_list" busy={info.status === 'loading'}>
      {info.status === 'error' && args ? (
        <LoadError
          title={LOAD_FAILED_MESSAGE}
          message={info.error.message}
          onRetry={() => loadInfoQuery.refetch(args)}
        />
      ) : info.status === 'ready' ? (
        <LoadDetail answer={info.data} />
      ) : (
        <div className="load-detail" aria-hidden="true">
          <Skeleton height="1.5rem" width="70%" />
          <Skeleton height="1rem" width="90%" />
          <Skeleton height="4rem" />
          <Skeleton height="8rem" />
        </div>
      )}
    </Screen>
  );
}

function LoadDetail({ answer }: { answer: LoadInfoAnswer }) {
  const { restoranInfo: info, stopList } = answer;
  const periods = useQuery(loadPeriodsQuery);
  const momentText =
    info.forecast === 0
      ? 'Сейчас'
      : periods.status === 'ready'
        ? (periods.data.periods.find((period) => period.time === info.time)?.text ?? 'Прогноз')
        : 'Прогноз';
  const timeColour = statusTextColour(info.timeColor);

  return (
    <div className="load-detail">
      <section className="load-detail__card" aria-labelledby="load-detail-name">
        <h2 id="load-detail-name" className="load-detail__name">
          {info.name}
        </h2>
        <p className="restaurant-card__line">
          <MapPin aria-hidden="true" />
          <span>{info.address}</span>
        </p>
        <p className="load-detail__moment">
          {info.forecast === 1 ? 'Прогноз: ' : ''}
          {momentText}
        </p>
        <LoadMeter percent={info.zagruzkaPerc} text={info.zagruzkaText} colour={info.zagruzkaColor} />
        <p className="load-detail__time" style={timeColour ? { color: timeColour } : undefined}>
          <Clock aria-hidden="true" />
          <span>
            Среднее время заказа:{' '}
            <strong>{info.open === 1 && info.timeSrednText !== '' ? info.timeSrednText : '—'}</strong>
          </span>
        </p>
      </section>
      <StopList groups={stopList.groups} />
    </div>
  );
}

function StopList({ groups }: { groups: readonly StopListGroup[] }) {
  const shown = groups.filter((group) => group.sections.some((section) => section.items.length > 0));
  return (
    <section className="load-stop" aria-labelledby="load-stop-title">
      <h2 id="load-stop-title" className="load-stop__title">
        Стоп-лист
      </h2>
      {shown.length === 0 ? (
        <p className="load-stop__empty">
          <CircleCheck aria-hidden="true" /> Все блюда в наличии
        </p>
      ) : (
        shown.map((group) => (
          <section key={group.id} className="load-stop__group" aria-labelledby={`load-stop-${group.id}`}>
            <h3 id={`load-stop-${group.id}`} className="load-stop__group-name">
              {group.name}
            </h3>
            {group.sections
              .filter((section) => section.items.length > 0)
              .map((section) => (
                <div key={section.id} className="load-stop__section">
                  <h4 className="load-stop__section-name">
                    <span>{section.name}</span>
                    <span className="load-stop__since">с {section.time}</span>
                  </h4>
                  <ul className="load-stop__items">
                    {section.items.map((item) => (
                      <li key={item.id} className="load-stop__item">
                        <span className="load-stop__item-name">{item.name}</span>
                        {item.text !== '' ? <span className="load-stop__item-text">{item.text}</span> : null}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
          </section>
        ))
      )}
    </section>
  );
}
