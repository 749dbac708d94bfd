import type { LucideIcon } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';

/**
 * A button that opens a dialog loaded on demand: the dialog (usually a `lazyPart`) is rendered
 * only while open, inside its own Suspense boundary, and gets the function that closes it.
 */
export function DialogLauncher({
  icon: Icon,
  label,
  className,
  dialog,
}: {
  icon: LucideIcon;
  label: string;
  className?: string;
  dialog: (close: () => void) => ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setIsOpen(true);
        }}
        className={className}
      >
        <Icon aria-hidden className="size-4" />
        {label}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          {dialog(() => {
            setIsOpen(false);
          })}
        </Suspense>
      ) : null}
    </>
  );
}
