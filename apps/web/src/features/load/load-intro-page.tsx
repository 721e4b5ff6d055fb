import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Загруженность ресторанов. */
export default function LoadIntroPage() {
  return (
    <Screen title="Загруженность ресторанов" menu>
      <SectionPreparing description="Здесь будет видно, насколько заняты рестораны и сколько ждать заказ." />
    </Screen>
  );
}
