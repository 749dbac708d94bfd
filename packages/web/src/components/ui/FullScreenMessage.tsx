import type { ReactNode } from 'react';

/**
 * The loading and redirecting screens: the brand mark, a title and a line of text. With an
 * `action` (a failure's Retry) the mark stands still and the message is announced.
 */
export function FullScreenMessage({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center dark:bg-slate-950">
      <img
        src="/favicon.svg"
        alt=""
        className={action ? 'size-14' : 'size-14 animate-pulse motion-reduce:animate-none'}
      />
      <div role={action ? 'alert' : undefined} className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
        {children ? <p className="text-slate-600 dark:text-slate-300">{children}</p> : null}
      </div>
      {action}
    </main>
  );
}
