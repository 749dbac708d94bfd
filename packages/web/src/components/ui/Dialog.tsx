/**
 * A modal dialog on Radix: focus is trapped, Escape and the backdrop close it, the title labels it.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cx } from './cx';

export function Dialog({
  open,
  onOpenChange,
  title,
  icon,
  description,
  children,
  className,
  hideClose = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Drawn before the title (decorative). */
  icon?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  hideClose?: boolean;
}) {
  // Our dialogs open from many places, rarely from a Radix trigger: remember what had focus when
  // one opened and give it back on close, instead of leaving keyboard users on <body>.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  if (open && returnFocusTo.current === null && document.activeElement instanceof HTMLElement) {
    returnFocusTo.current = document.activeElement;
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-sm data-[state=open]:animate-in" />
        <RadixDialog.Content
          className={cx(
            'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white p-4 shadow-2xl sm:p-6 focus:outline-none dark:bg-slate-900',
            // A caller's own max width replaces the default one (class order cannot decide it).
            /(^|\s)(sm:)?max-w-/.test(className ?? '') ? null : 'max-w-md',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <RadixDialog.Title className="pr-8 text-xl font-bold text-slate-900 dark:text-white">
            {icon ? (
              <span className="flex items-center gap-2">
                {icon}
                {title}
              </span>
            ) : (
              title
            )}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {description}
            </RadixDialog.Description>
          ) : null}
          <div className="mt-5">{children}</div>
          {/* Last in the DOM though drawn top right: opening focuses the first field or action. */}
          {hideClose ? null : (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute right-4 top-4 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
