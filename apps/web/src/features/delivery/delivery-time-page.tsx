import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Время доставки. */
export default function DeliveryTimePage() {
  return (
    <Screen title="Время доставки" back>
      <SectionPreparing description="Здесь можно будет выбрать дату и время доставки." />
    </Screen>
  );
}
