import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Оферта. */
export default function AboutOfferPage() {
  return (
    <Screen title="Оферта" menu>
      <SectionPreparing description="Здесь будет текст публичной оферты." />
    </Screen>
  );
}
