import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: О кафе. */
export default function AboutPage() {
  return (
    <Screen title="О кафе" menu>
      <SectionPreparing description="Здесь будут адрес, телефон, часы работы и зоны доставки." />
    </Screen>
  );
}
