import { ElectricalPage } from '../../features/landing/components/electrical-page';

/** Route /electrical. */
export function ElectricalRoute() {
  return <ElectricalPage />;
}
