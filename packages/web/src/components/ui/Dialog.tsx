/**
 * A modal dialog on Radix: focus is trapped, Escape and the backdrop close it, the title labels it.
 * Back closes it too (it has its own history entry, see dialog-history.ts). A form dialog passes
 * `isDirty`: then Escape, a backdrop click and Back ask "Discard changes?" first; the close button
 * and the form's own Cancel still close at once. Leaving the page with it (a reload, closing the
 * tab, another address) asks the browser's own question, unless `guardsLeaving` is false.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { closeDialogEntry, openDialogEntry } from './dialog-history';

const DISCARD = {
  title: 'Discard changes?',
  text: 'What you typed in this form will be lost.',
  keep: 'Keep editing',
  discard: 'Discard',
} as const;

export function Dialog({
  open,
  onOpenChange,
  title,
  icon,
  description,
  children,
  className,
  hideClose = false,
  isDirty = false,
  guardsLeaving = true,
  backCloses = true,
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
  /** The form inside holds changes that closing would lose. */
  isDirty?: boolean;
  /** False: leaving the page with `isDirty` asks nothing (a form that leaves the page itself). */
  guardsLeaving?: boolean;
  /** False for a dialog that stands for a page of its own: Back then leaves it like a page. */
  backCloses?: boolean;
}) {
  // Our dialogs open from many places, rarely from a Radix trigger: remember what had focus when
  // one opened and give it back on close, instead of leaving keyboard users on <body>.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  if (open && returnFocusTo.current === null && document.activeElement instanceof HTMLElement) {
    returnFocusTo.current = document.activeElement;
  }
  const [isConfirming, setConfirming] = useState(false);
  // The field being edited when "Discard changes?" opened (the prompt makes the form inert, which
  // takes its focus): "Keep editing" gives it back.
  const editing = useRef<HTMLElement | null>(null);
  const setIsConfirming = (value: boolean): void => {
    if (value && document.activeElement instanceof HTMLElement)
      editing.current = document.activeElement;
    setConfirming(value);
  };
  useEffect(() => {
    if (isConfirming) return;
    const field = editing.current;
    editing.current = null;
    if (open && field?.isConnected) field.focus();
  }, [isConfirming, open]);
  const [entryRound, setEntryRound] = useState(0);
  const contentRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ onOpenChange, isDirty });
  latest.current = { onOpenChange, isDirty };

  useEffect(() => {
    if (!open || !backCloses) return;
    const entry = openDialogEntry(() => {
      // Back: a dirty form asks first and, kept open, takes a new entry for the next Back.
      if (latest.current.isDirty) {
        setIsConfirming(true);
        setEntryRound((n) => n + 1);
      } else latest.current.onOpenChange(false);
    });
    return () => {
      closeDialogEntry(entry);
    };
  }, [open, backCloses, entryRound]);

  useEffect(() => {
    if (!open) setConfirming(false);
  }, [open]);

  useEffect(() => {
    if (!open || !isDirty || !guardsLeaving) return;
    const ask = (event: BeforeUnloadEvent): void => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      window.removeEventListener('beforeunload', ask);
    };
  }, [open, isDirty, guardsLeaving]);

  const askFirst = (event: Event): void => {
    if (!isDirty && !isConfirming) return;
    event.preventDefault();
    // Escape or a click outside while asking means "keep editing".
    setIsConfirming(!isConfirming);
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        {/* One layer for the backdrop and the window, so the order they were opened in decides:
            a dialog opened over another one dims it like the page under it. */}
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm data-[state=open]:animate-in" />
        <RadixDialog.Content
          ref={contentRef}
          // While it asks, the dialog holds still under the prompt.
          style={isConfirming ? { overflowY: 'hidden' } : undefined}
          className={cx(
            // Its top stays put, so a dialog that grows (errors under the fields, another tab,
            // an answer coming in) grows downwards instead of moving as a whole.
            'fixed left-1/2 top-[max(1rem,8dvh)] z-50 max-h-[calc(100dvh-2*max(1rem,8dvh))] w-[calc(100vw-2rem)] -translate-x-1/2 overflow-y-auto rounded-3xl bg-white p-4 shadow-2xl sm:p-6 focus:outline-none dark:bg-slate-900',
            // A caller's own max width replaces the default one (class order cannot decide it).
            /(^|\s)(sm:)?max-w-/.test(className ?? '') ? null : 'max-w-md',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={askFirst}
          onInteractOutside={askFirst}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <RadixDialog.Title className="pr-8 text-xl font-bold text-slate-900 wrap-anywhere dark:text-white">
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
            <RadixDialog.Description className="mt-1 text-sm text-slate-600 wrap-anywhere dark:text-slate-300">
              {description}
            </RadixDialog.Description>
          ) : null}
          <div className="mt-5" inert={isConfirming}>
            {children}
          </div>
          {/* Last in the DOM though drawn top right: opening focuses the first field or action. */}
          {hideClose ? null : (
            <RadixDialog.Close
              aria-label="Close"
              inert={isConfirming}
              className="absolute right-4 top-4 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          )}
          {isConfirming ? (
            <DiscardPrompt
              shown={{
                top: contentRef.current?.scrollTop ?? 0,
                height: contentRef.current?.clientHeight ?? 0,
              }}
              onKeep={() => {
                setIsConfirming(false);
              }}
              onDiscard={() => {
                editing.current = null;
                setIsConfirming(false);
                onOpenChange(false);
              }}
            />
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** "Discard changes?" over the form it would discard, inside the same dialog. */
function DiscardPrompt({
  onKeep,
  onDiscard,
  shown,
}: {
  onKeep: () => void;
  onDiscard: () => void;
  /** The dialog's content in view: from its scroll offset, its visible height. */
  shown: { top: number; height: number };
}) {
  const id = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    boxRef.current?.querySelector('button')?.focus();
  }, []);
  return (
    // Over the part of the dialog in view, however far its content was scrolled (the dialog does
    // not scroll while it asks).
    <div
      style={shown}
      // Dark: dimmed like the page under a dialog, so the prompt stands out from the form.
      className="absolute inset-x-0 z-10 flex items-center justify-center rounded-3xl bg-white/85 p-4 backdrop-blur-sm dark:bg-slate-950/80"
    >
      <div
        ref={boxRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        className="w-full max-w-xs rounded-2xl border border-slate-200 bg-white p-5 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/50"
      >
        <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900 dark:text-white">
          {DISCARD.title}
        </h3>
        <p id={`${id}-text`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {DISCARD.text}
        </p>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onKeep}>
            {DISCARD.keep}
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            {DISCARD.discard}
          </Button>
        </div>
      </div>
    </div>
  );
}
