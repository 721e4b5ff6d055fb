import { LOAD_FAILED_MESSAGE } from '@chain/domain';
import { Gauge, ListOrdered } from 'lucide-react';
import { useQuery } from '../../api/query-cache';
import { settingsQuery } from '../../api/settings';
import { LinkButton } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { Screen } from '../../ui/screen';
import { Skeleton } from '../../ui/skeleton';
import './load.css';

/** SPEC 2 Загруженность (/zagruzka): the chain's words about the load pages (text_about_zagruzka), then the list. */
export default function LoadIntroPage() {
  const settings = useQuery(settingsQuery);
  const paragraphs =
    settings.status === 'ready'
      ? settings.data.text_about_zagruzka
          .split(/\n\s*\n|\n/)
          .map((line) => line.trim())
          .filter(Boolean)
      : [];

  return (
    <Screen
      title="Загруженность ресторанов"
      menu
      busy={settings.status === 'loading'}
      actions={
        settings.status === 'ready' ? (
          <LinkButton href="/zagruzka/rest_list" block icon={<ListOrdered />}>
            Выбрать ресторан
          </LinkButton>
        ) : null
      }
    >
      {settings.status === 'error' ? (
        <LoadError
          title={LOAD_FAILED_MESSAGE}
          message={settings.error.message}
          onRetry={() => settingsQuery.refetch()}
        />
      ) : settings.status === 'loading' ? (
        <div className="load-intro">
          <Skeleton height="1.25rem" />
          <Skeleton height="1.25rem" width="80%" />
          <Skeleton height="1.25rem" width="60%" />
        </div>
      ) : (
        <section className="load-intro" aria-label="О загруженности">
          <div className="load-intro__icon" aria-hidden="true">
            <Gauge />
          </div>
          {paragraphs.length > 0 ? (
            paragraphs.map((text, index) => <p key={index}>{text}</p>)
          ) : (
            <p>
              Посмотрите, насколько занята кухня ресторана сейчас или в ближайшие часы, сколько ждать заказ и какие
              блюда в стоп-листе.
            </p>
          )}
        </section>
      )}
    </Screen>
  );
}
