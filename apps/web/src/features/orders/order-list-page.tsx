import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Мои заказы. */
export default function OrderListPage() {
  return (
    <Screen title="Мои заказы" menu>
      <SectionPreparing description="Здесь будет история ваших заказов и их статусы." />
    </Screen>
  );
}
