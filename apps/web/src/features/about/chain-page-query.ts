import { type ChainPage, chainPageCall, type ChainPageSlug } from '@chain/contract';
import { type ApiClient, call } from '../../api/client';
import { createQuery, type Query } from '../../api/query-cache';

/** How long a page's text is shown without asking again (the server answers 304 while it is unchanged). */
export const CHAIN_PAGE_STALE_MS = 5 * 60_000;

/** GET /api/v1/pages/{slug}: the chain's texts (the offer, the delivery terms, about the chain), one entry per page. */
export function createChainPageQuery(send: ApiClient['call']): Query<ChainPageSlug, ChainPage> {
  return createQuery<ChainPageSlug, ChainPage>({
    load: (slug) => send(chainPageCall, { params: { slug } }),
    key: (slug) => slug,
    staleTime: CHAIN_PAGE_STALE_MS,
  });
}

export const chainPageQuery = createChainPageQuery(call);
