/** The app's silhouette behind the sign-in window: shapes only, no data, hidden from assistive tech. */
export function DashboardBackdrop() {
  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <div className="h-14 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" />
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6">
        <div className="bg-accent-gradient h-56 rounded-3xl" />
        <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
          <div className="h-64 rounded-3xl bg-white dark:bg-slate-900" />
          <div className="h-64 rounded-3xl bg-white dark:bg-slate-900" />
        </div>
      </div>
    </div>
  );
}
