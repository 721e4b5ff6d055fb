import type { StaffZonesResponse } from '@chain/contract';

export type { StaffZone, ZoneFields } from '@chain/contract';
export type NeighbourZone = StaffZonesResponse['others'][number];
