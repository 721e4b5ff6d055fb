import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Условия доставки. */
export default function AboutDeliveryPage() {
  return (
    <Screen title="Условия доставки" menu>
      <SectionPreparing description="Здесь будут условия доставки." />
    </Screen>
  );
}
