import type { ListGroups } from '@tradelist/contract/content';
import { ElectricalPage } from '../../features/landing/components/electrical-page';

/** Route /electrical, with the current edition's groups. */
export function ElectricalRoute({ groups }: { groups: ListGroups }) {
  return <ElectricalPage groups={groups} />;
}
