import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Предзаказ. */
export default function PreorderPage() {
  return (
    <Screen title="Предзаказ" menu>
      <SectionPreparing description="Здесь можно будет заранее заказать блюда к вашему приходу." />
    </Screen>
  );
}
