import { useCallback, useEffect, useRef } from 'react';

/**
 * A deleted card takes its delete button (where the focus returns from the confirmation) along
 * when it leaves the list, and the focus would fall to `<body>`: a keyboard user would start
 * again from the top of the page. Call the returned function with the item's id when the
 * deletion is confirmed; once the item is gone from `items`, and the focus went with it, the
 * focus moves to `target` (the section's heading, focusable from script with tabIndex -1).
 */
export function useFocusAfterRemoval(
  items: readonly { readonly id: string }[],
  target: () => HTMLElement | null,
): (id: string) => void {
  const removing = useRef<string | null>(null);
  useEffect(() => {
    const id = removing.current;
    if (id === null || items.some((item) => item.id === id)) return;
    removing.current = null;
    const active = document.activeElement;
    if (active === null || active === document.body) target()?.focus();
  }, [items, target]);
  return useCallback((id: string) => {
    removing.current = id;
  }, []);
}
