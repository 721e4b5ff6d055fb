import type { ChainPageSlug } from '@chain/contract';
import { useId } from 'react';
import { useQuery } from '../../api/query-cache';
import { LoadError } from '../../ui/load-error';
import { Skeleton } from '../../ui/skeleton';
import { chainPageQuery } from './chain-page-query';
import { PageText } from '../../ui/page-text';

/**
 * One of the chain's texts, loaded from the server: lines of skeleton while it comes, a load
 * error with «Повторить», then the text. `titled` shows the page's own title as the section's
 * heading (on /about, under the screen's «О кафе»); otherwise the screen's title names it.
 */
export function ChainPageText({
  slug,
  titled = false,
  failedTitle,
}: {
  slug: ChainPageSlug;
  titled?: boolean;
  failedTitle: string;
}) {
  const page = useQuery(chainPageQuery, slug);
  const headingId = useId();

  if (page.status === 'error') {
    return <LoadError title={failedTitle} message={page.error.message} onRetry={() => chainPageQuery.refetch(slug)} />;
  }
  if (page.status !== 'ready') return <ChainPageSkeleton />;
  return (
    <section
      className="chain-page"
      aria-labelledby={titled ? headingId : undefined}
      aria-label={titled ? undefined : page.data.title}
    >
      {titled ? (
        <h2 id={headingId} className="chain-page__title">
          {page.data.title}
        </h2>
      ) : null}
      <PageText body={page.data.body} level={titled ? 3 : 2} />
    </section>
  );
}

export function ChainPageSkeleton() {
  return (
    <div className="chain-page chain-page--skeleton">
      <span className="visually-hidden" role="status">
        Загружаем текст…
      </span>
      <Skeleton shape="text" width="55%" height="1.375rem" />
      {[92, 100, 86, 64].map((width) => (
        <Skeleton key={width} shape="text" width={`${width}%`} />
      ))}
      <Skeleton shape="text" width="45%" height="1.25rem" />
      {[100, 78].map((width) => (
        <Skeleton key={width} shape="text" width={`${width}%`} />
      ))}
    </div>
  );
}
