import { useLayoutEffect, useRef, type ComponentProps } from 'react';

/**
 * A text box that wraps its text and grows with it, so a long line reads back whole on a phone:
 * as tall as its text, never scrolling inside. `singleLine` keeps it one paragraph (Enter adds
 * no line break; a pasted one becomes a space), for text that prints as one line of a table.
 */
export function GrowingTextarea({
  value,
  singleLine = false,
  onChange,
  onKeyDown,
  ...props
}: Omit<ComponentProps<'textarea'>, 'value'> & { value: string; singleLine?: boolean }) {
  const box = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [value]);
  return (
    <textarea
      ref={box}
      rows={1}
      value={value}
      onChange={(event) => {
        if (singleLine) event.target.value = event.target.value.replace(/\r?\n/g, ' ');
        onChange?.(event);
      }}
      onKeyDown={(event) => {
        if (singleLine && event.key === 'Enter') event.preventDefault();
        onKeyDown?.(event);
      }}
      {...props}
    />
  );
}
