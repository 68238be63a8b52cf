import {
  Bath,
  Box,
  DoorOpen,
  Fence,
  Flame,
  Frame,
  Grid3x3,
  Hammer,
  Home,
  Layers,
  type LucideIcon,
  type LucideProps,
  Package,
  Paintbrush,
  Droplet,
  Ruler,
  Square,
  SquareStack,
  Utensils,
} from 'lucide-react';
import type { ServiceIcon as ServiceIconName } from '@shared/content/types';

const icons: Record<ServiceIconName, LucideIcon> = {
  frame: Frame,
  home: Home,
  layers: Layers,
  grid: Grid3x3,
  package: Package,
  square: Square,
  droplet: Droplet,
  ruler: Ruler,
  box: Box,
  'square-stack': SquareStack,
  paintbrush: Paintbrush,
  'door-open': DoorOpen,
  bath: Bath,
  utensils: Utensils,
  fence: Fence,
  hammer: Hammer,
  flame: Flame,
};

export function ServiceIcon({ name, ...props }: { name: ServiceIconName } & LucideProps) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" {...props} />;
}
