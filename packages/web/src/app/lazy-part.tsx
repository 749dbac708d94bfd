/**
 * Code-split parts that survive a failed download. A part whose chunk cannot be fetched (offline,
 * a flaky network, a tab left open across a redeploy) shows a small "Couldn't load this part"
 * card with Retry where it would have been, instead of taking the whole app down; a page shows a
 * full-screen message with Reload. A failure also asks whether a new version is out (see
 * new-version.tsx), and then the card offers Reload instead of Retry.
 *
 * Retrying is more than calling import() again: React.lazy keeps a failed promise for good, so a
 * retry makes a new lazy component and imports the chunk again (lib/import-again.ts, which gets
 * past the browser's module map too).
 */
import {
  Component,
  lazy,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { cx } from '../components/ui/cx';
import { Button } from '../components/ui/Button';
import { DialogActions } from '../components/ui/DialogActions';
import { closeDialogEntry, openDialogEntry } from '../components/ui/dialog-history';
import { importAgain } from '../lib/import-again';
import { appCopy as copy } from './copy';
import { checkForNewVersion, useIsNewVersion } from './new-version';

type Kind = 'dialog' | 'section' | 'page';

/**
 * `lazy(() => import('./X').then((m) => ({ default: m.X })))` with a retry: pass the import and
 * the export to use. `dismiss` closes a dialog whose chunk failed (its caller's onClose).
 */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  options: { kind: Kind; dismiss?: (props: P) => void },
): ComponentType<P> {
  const lazyOf = (loader: () => Promise<M>) =>
    lazy(() => loader().then((module) => ({ default: pick(module) })));
  // Shared by every mount; replaced after a failure, so the next mount tries afresh.
  let shared = lazyOf(load);
  let attempts = 0;
  const retried = (failure: unknown) => {
    attempts += 1;
    const attempt = attempts;
    return lazyOf(() => importAgain(load, failure, attempt));
  };

  function LazyPart(props: P) {
    const [Part, setPart] = useState(() => shared);
    const [round, setRound] = useState(0);
    return (
      <PartBoundary
        key={round}
        kind={options.kind}
        onError={(failure) => {
          shared = retried(failure);
        }}
        onRetry={(failure) => {
          const next = retried(failure);
          shared = next;
          setPart(() => next);
          setRound((n) => n + 1);
        }}
        onDismiss={
          options.dismiss
            ? () => {
                options.dismiss?.(props);
              }
            : undefined
        }
      >
        <Part {...props} />
      </PartBoundary>
    );
  }
  return LazyPart;
}

/** How a dialog's caller closes it: one of the two ways the app's dialogs take. */
type DialogCloser = { onOpenChange: (open: boolean) => void } | { onClose: () => void };

function closeDialog(props: DialogCloser): void {
  if ('onOpenChange' in props) props.onOpenChange(false);
  else props.onClose();
}

/**
 * lazyPart for a dialog: a chunk that fails to load shows the failure card in a dialog, whose
 * Close closes the dialog as its caller would (onOpenChange(false) or onClose()).
 */
export function lazyDialog<M, P extends DialogCloser>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  return lazyPart(load, pick, { kind: 'dialog', dismiss: closeDialog });
}

type BoundaryProps = {
  kind: Kind;
  children: ReactNode;
  onError: (failure: unknown) => void;
  onRetry: (failure: unknown) => void;
  onDismiss: (() => void) | undefined;
};

class PartBoundary extends Component<BoundaryProps, { failure: { error: unknown } | null }> {
  override state: { failure: { error: unknown } | null } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error);
    void checkForNewVersion();
  }

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    const retry = () => {
      this.props.onRetry(failure.error);
    };
    if (this.props.kind === 'page') return <PageFailed />;
    if (this.props.kind === 'dialog')
      return <DialogFailed onRetry={retry} onDismiss={this.props.onDismiss} />;
    return <SectionFailed onRetry={retry} />;
  }
}

function reload(): void {
  window.location.reload();
}

/** Retry, or Reload once the server has a new version (the old chunks may be gone for good). */
function RetryButton({ onRetry }: { onRetry: () => void }) {
  const isNew = useIsNewVersion();
  return <Button onClick={isNew ? reload : onRetry}>{isNew ? copy.reload : copy.retry}</Button>;
}

function FailureText() {
  const isNew = useIsNewVersion();
  return <>{isNew ? copy.newVersion : copy.partFailedText}</>;
}

/**
 * A part of the page that could not load (its code, or its data: the dashboard uses it when a
 * read the section needs failed): what happened and Retry, or Reload once a new version is out.
 */
export function SectionFailed({ onRetry, className }: { onRetry: () => void; className?: string }) {
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-wrap items-center gap-3 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900',
        className,
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 dark:text-white">{copy.partFailedTitle}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <FailureText />
        </p>
      </div>
      <RetryButton onRetry={onRetry} />
    </div>
  );
}

/**
 * The card of a dialog that could not load, as a modal of its own. It is the browser's `<dialog>`
 * (showModal: the rest of the page inert, focus inside, Escape to cancel) rather than the app's
 * Dialog, whose library would otherwise be part of the first download for this card alone
 * (docs/performance.md, "Initial JavaScript"). Back closes it like every dialog (dialog-history.ts).
 */
function DialogFailed({
  onRetry,
  onDismiss,
}: {
  onRetry: () => void;
  onDismiss: (() => void) | undefined;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const latestDismiss = useRef(onDismiss);
  latestDismiss.current = onDismiss;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const entry = openDialogEntry(() => latestDismiss.current?.());
    return () => {
      closeDialogEntry(entry);
      // Closed before it leaves the page, so the browser gives focus back where it was.
      if (dialog.open) dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        // Escape: closed by its owner (the dialog leaves the page), or kept when it has none.
        event.preventDefault();
        onDismiss?.();
      }}
      className="m-auto max-h-[90dvh] w-[calc(100vw-2rem)] max-w-md overflow-y-auto rounded-3xl bg-white p-4 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 backdrop:backdrop-blur-sm sm:p-6 dark:bg-slate-900 dark:text-white"
    >
      <h2 id={titleId} className="text-xl font-bold text-slate-900 wrap-anywhere dark:text-white">
        {copy.partFailedTitle}
      </h2>
      <p id={textId} className="mt-1 text-sm text-slate-600 wrap-anywhere dark:text-slate-300">
        <FailureText />
      </p>
      <DialogActions className="mt-5">
        {onDismiss ? (
          <Button variant="secondary" onClick={onDismiss}>
            {copy.close}
          </Button>
        ) : null}
        <RetryButton onRetry={onRetry} />
      </DialogActions>
    </dialog>
  );
}

function PageFailed() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center dark:bg-slate-950">
      <img src="/favicon.svg" alt="" className="size-14" />
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{copy.pageFailedTitle}</h1>
      <p className="text-slate-600 dark:text-slate-300">{copy.pageFailedText}</p>
      <Button onClick={reload}>{copy.reload}</Button>
    </main>
  );
}
