import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { controlClass } from './styles';

/** A time in a row of a week's hours (business hours, visit hours), named by its day and end; dimmed on a day off. */
export function HourBox(props: Omit<ComponentProps<'input'>, 'type' | 'className'>) {
  return <input type="time" {...props} className={cn(controlClass, 'h-11 min-w-0 px-2 disabled:opacity-50')} />;
}
