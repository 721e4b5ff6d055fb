import { CHAIN_PAGE_SLUGS } from '@chain/contract';
import { useQuery } from '../../api/query-cache';
import { Screen } from '../../ui/screen';
import { ChainPageText } from './chain-page-text';
import { chainPageQuery } from './chain-page-query';
import './about.css';

/** SPEC 2 Оферта (/about_oferta): the chain's public offer, its text served by the server (decision 024). */
export default function AboutOfferPage() {
  const page = useQuery(chainPageQuery, CHAIN_PAGE_SLUGS.offer);
  return (
    <Screen title="Оферта" menu busy={page.status === 'loading'}>
      <ChainPageText slug={CHAIN_PAGE_SLUGS.offer} failedTitle="Не удалось загрузить оферту" />
    </Screen>
  );
}
