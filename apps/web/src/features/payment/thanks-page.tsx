import { CircleCheck } from 'lucide-react';
import { useHistoryState } from 'wouter/use-browser-location';
import { useAppState } from '../../state/store';
import { LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Screen } from '../../ui/screen';

function orderNumberOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as { orderNum?: unknown }).orderNum;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** SPEC 2 Thanks: thanks for the order, with its number and a home button. */
export default function ThanksPage() {
  const placed = useAppState((state) => state.checkout.order?.number ?? null);
  const number = orderNumberOf(useHistoryState<unknown>()) ?? placed;
  return (
    <Screen title="Спасибо за заказ">
      <EmptyState
        icon={<CircleCheck />}
        title="Спасибо за заказ!"
        text={`${number ? `Номер заказа: ${number}. ` : ''}Статус заказа можно посмотреть в разделе «Мои заказы».`}
        action={
          <LinkButton href="/" block>
            На главную
          </LinkButton>
        }
      />
    </Screen>
  );
}
