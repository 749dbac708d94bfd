import { FREE_LIMITS, limitMessage } from '@habitquest/core/plan';
import { useQuery } from '@tanstack/react-query';
import {
  ChartColumn,
  Check,
  Crown,
  ExternalLink,
  FolderKanban,
  Gift,
  ListChecks,
  type LucideIcon,
  Monitor,
} from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { aboutQuery } from '../about/queries';
import { cx } from '../../components/ui/cx';
import { Dialog } from '../../components/ui/Dialog';
import { DialogActions } from '../../components/ui/DialogActions';
import { Notice } from '../../components/ui/Notice';
import { meQuery } from '../me/queries';
import { runCheckout } from './checkout';
import { proCopy as copy } from './copy';
import { closeUpgrade, type UpgradeRequest, type UpgradeTrigger } from './upgrade-store';

const FEATURES: { key: UpgradeTrigger | 'analytics'; Icon: LucideIcon }[] = [
  { key: 'habits', Icon: ListChecks },
  { key: 'categories', Icon: FolderKanban },
  { key: 'rewards', Icon: Gift },
  { key: 'analytics', Icon: ChartColumn },
];

/** The limit message when there is one; the plan's allowance when the user opened it unprompted. */
function useTriggerMessage(request: UpgradeRequest): string {
  const me = useQuery(meQuery);
  if (request.message) return request.message;
  const count = me.data?.plan.counts[request.trigger] ?? 0;
  return count >= FREE_LIMITS[request.trigger]
    ? limitMessage(request.trigger)
    : copy.planIncludes(request.trigger);
}

/** Upgrade-to-Pro (docs/product.md): why it opened, what Pro gives, the one-time price and checkout. */
export function UpgradeModal({ request }: { request: UpgradeRequest | null }) {
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) closeUpgrade();
      }}
      icon={<Crown aria-hidden className="size-6 text-amber-500" />}
      title={copy.upgradeTitle}
      // sm: so the width wins over the primitive's own max-w-md in the stylesheet's order.
      className="sm:max-w-2xl"
    >
      {request ? <UpgradeBody request={request} /> : null}
    </Dialog>
  );
}

function UpgradeBody({ request }: { request: UpgradeRequest }) {
  const message = useTriggerMessage(request);
  return (
    <div className="flex flex-col gap-5">
      <p className="rounded-2xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 dark:bg-amber-400/10 dark:text-amber-200">
        {message}
      </p>
      {request.error ? <Notice tone="error">{request.error}</Notice> : null}
      <ul aria-label={copy.upgradeTitle} className="grid gap-3 sm:grid-cols-2">
        {FEATURES.map(({ key, Icon }) => (
          <li
            key={key}
            className={cx(
              'flex items-start gap-3 rounded-2xl border p-4',
              key === request.trigger
                ? 'border-indigo-400 bg-indigo-50 dark:border-indigo-400/60 dark:bg-indigo-400/10'
                : 'border-slate-200 dark:border-slate-800',
            )}
          >
            <span className="bg-accent-gradient inline-flex size-9 shrink-0 items-center justify-center rounded-xl">
              <Icon aria-hidden className="size-5" />
            </span>
            <span>
              <span className="block font-semibold text-slate-900 dark:text-white">
                {copy.features[key].title}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-300">
                {copy.features[key].text}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <section aria-labelledby="everything-in-pro">
        <h3 id="everything-in-pro" className="font-semibold text-slate-900 dark:text-white">
          {copy.everythingInPro}
        </h3>
        <ul className="mt-2 grid gap-x-4 gap-y-1.5 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-200">
          {copy.everything.map((item) => (
            <li key={item} className="flex items-center gap-2">
              <Check
                aria-hidden
                className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
              />
              {item}
            </li>
          ))}
        </ul>
      </section>
      <DesktopAppLink />
      <PriceAndActions request={request} />
    </div>
  );
}

/** The desktop app's marketplace listing, when the server names one (DESKTOP_APP_URL). */
function DesktopAppLink() {
  const { data: about } = useQuery(aboutQuery);
  if (!about?.desktopAppUrl) return null;
  return (
    <a
      href={about.desktopAppUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 self-start rounded-lg text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
    >
      <Monitor aria-hidden className="size-4" />
      {copy.desktopApp}
      <ExternalLink aria-hidden className="size-3.5" />
      <span className="sr-only">{copy.opensInNewTab}</span>
    </a>
  );
}

function PriceAndActions({ request }: { request: UpgradeRequest }) {
  return (
    <div className="rounded-2xl bg-slate-100 p-4 dark:bg-slate-800/60">
      <p className="flex items-baseline gap-2">
        <span className="text-3xl font-extrabold text-slate-900 dark:text-white">{copy.price}</span>
        <span className="text-sm font-medium text-slate-600 dark:text-slate-300">
          {copy.oneTime}
        </span>
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{copy.priceNote}</p>
      <DialogActions className="mt-4">
        <Button variant="secondary" onClick={closeUpgrade}>
          {copy.maybeLater}
        </Button>
        <Button onClick={() => void runCheckout(request)}>
          <Crown aria-hidden className="size-4" />
          {copy.upgradeNow}
        </Button>
      </DialogActions>
      <ul className="mt-4 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
        {copy.footer.map((item) => (
          <li key={item} className="flex items-center gap-1">
            <Check aria-hidden className="size-3.5" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
