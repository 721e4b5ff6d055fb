import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Отложенный заказ. */
export default function DelayedOrderPage() {
  return (
    <Screen title="Отложенный заказ" menu>
      <SectionPreparing description="Здесь можно будет оформить заказ на удобное время." />
    </Screen>
  );
}
