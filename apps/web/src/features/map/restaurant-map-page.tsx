import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Карта ресторанов. */
export default function RestaurantMapPage() {
  return (
    <Screen title="Карта ресторанов" back>
      <SectionPreparing description="Здесь будет карта ресторанов сети с адресами и телефонами." />
    </Screen>
  );
}
