import { CircleCheck } from 'lucide-react';
import { LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Screen } from '../../ui/screen';

/** SPEC 2 Thanks: thanks for the order, with a home button. */
export default function ThanksPage() {
  return (
    <Screen title="Спасибо за заказ">
      <EmptyState
        icon={<CircleCheck />}
        title="Спасибо за заказ!"
        text="Статус заказа можно посмотреть в разделе «Мои заказы»."
        action={
          <LinkButton href="/" block>
            На главную
          </LinkButton>
        }
      />
    </Screen>
  );
}
