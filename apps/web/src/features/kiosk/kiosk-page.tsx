import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';

/** SPEC 2: Режим киоска. */
export default function KioskPage() {
  return (
    <Screen title="Режим киоска" back>
      <SectionPreparing description="Здесь можно будет включить режим киоска для этого устройства." />
    </Screen>
  );
}
