import { useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { cx } from './cx';

/**
 * A box that scrolls past its max height (set through className). Only while its content
 * overflows does it become a named, focusable region, so keyboard users can scroll it too.
 */
export function ScrollArea({
  label,
  className,
  children,
  ref,
}: {
  label: string;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const box = useRef<HTMLDivElement | null>(null);
  const [isOverflowing, setIsOverflowing] = useState(false);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = (): void => {
      setIsOverflowing(element.scrollHeight > element.clientHeight + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      observer.disconnect();
    };
  }, [children]);

  return (
    <div
      ref={(element) => {
        box.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      className={cx('overflow-y-auto overscroll-contain', className)}
      {...(isOverflowing ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
