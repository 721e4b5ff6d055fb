import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Рестораны. */
export default function LoadRestaurantListPage() {
  return (
    <Screen title="Рестораны" back="/zagruzka">
      <SectionPreparing description="Здесь будет список ресторанов по загруженности или расстоянию." />
    </Screen>
  );
}
