import type { Me } from '@habitquest/contracts/me';
import { Crown, Home, LogOut } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { memo, Suspense, useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { sendWaiting, signOut } from '../auth/sign-out';
import { OfflineBadge } from '../offline/OfflineBadge';
import { requestAuth } from '../auth/auth-flags';
import { proLaunchCopy } from '../pro/launch-copy';
import { openUpgrade } from '../pro/upgrade-store';
import { dashboardCopy as copy } from './copy';
import { aboutQuery } from '../about/queries';
import { whenIdle } from '../../lib/when-idle';
import { lazyDialog } from '../../app/lazy-part';
import { LANDING_PATH } from '@habitquest/contracts/pages';

// Asked only when Sign Out finds changes not synced: it loads then.
const UnsentChangesDialog = lazyDialog(
  () => import('../auth/UnsentChangesDialog'),
  (m) => m.UnsentChangesDialog,
);

/**
 * Where the logo leads: the marketing home page the server names (MARKETING_URL, docs/deploy.md),
 * else the app's own landing page. Asked for once the page is idle, not with the first screen; kept
 * with the query cache, so a later start knows it at once.
 */
function useMarketingUrl(): string {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    whenIdle(() => {
      setIsIdle(true);
    });
  }, []);
  const { data: about } = useQuery({ ...aboutQuery, enabled: isIdle });
  return about?.marketingUrl ?? LANDING_PATH;
}

/** The fixed header: brand, Home, @username, Pro badge, Sign Out (docs/product.md). */
export const Header = memo(function Header({ me }: { me: Me }) {
  const [isSigningOut, setIsSigningOut] = useState(false);
  /** The account's changes still waiting when Sign Out was asked for: then the user decides. */
  const [unsent, setUnsent] = useState(0);
  const marketingUrl = useMarketingUrl();
  const onSignOut = async (discard = false): Promise<void> => {
    setIsSigningOut(true);
    if (!discard) {
      const left = await sendWaiting();
      if (left > 0) {
        setUnsent(left);
        setIsSigningOut(false);
        return;
      }
    }
    // docs/product.md: the flag makes the sign-in window show after the reload.
    requestAuth('signin');
    try {
      await signOut();
    } finally {
      window.location.assign('/');
    }
  };
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex max-w-7xl items-center gap-x-2 px-4 py-3 max-lg:flex-wrap sm:gap-x-3 2xl:max-w-[100rem]">
        <a
          href={marketingUrl}
          aria-label="HabitQuest: about the app"
          className="flex shrink-0 items-center gap-2"
        >
          <img src="/favicon.svg" alt="" className="size-8" />
          <span className="hidden text-lg font-bold tracking-tight text-slate-900 sm:inline dark:text-white">
            {copy.productName}
          </span>
        </a>
        <a
          href="/"
          className="ml-1 inline-flex shrink-0 items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Home aria-hidden className="size-4" />
          {/* On a phone the icon alone: the username needs the room. */}
          <span className="sr-only sm:not-sr-only">{copy.home}</span>
        </a>
        {/* Beside the username on wide screens. Below 1024 px, where the row has no room for it
            beside the username, it is a centred row of the header's own while it shows: floating
            under the header, it covered the page's text. Empty, that row takes no height. */}
        <div className="flex max-lg:order-last max-lg:basis-full max-lg:justify-center max-lg:[&>[data-badge]]:mt-1.5 lg:ml-auto">
          <OfflineBadge />
        </div>
        <div className="flex min-w-0 flex-1 basis-0 items-center justify-end gap-2 sm:gap-3 lg:flex-initial lg:basis-auto">
          {me.user.username ? (
            <span
              title={`@${me.user.username}`}
              className="min-w-0 truncate text-sm font-medium text-slate-700 dark:text-slate-200"
            >
              @{me.user.username}
            </span>
          ) : null}
          {me.plan.isPro ? (
            <span className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
              <Crown aria-hidden className="size-3.5" />
              {/* 'Pro' on a phone, where the username needs the room; read as 'Pro Member'. */}
              <span aria-hidden className="md:hidden">
                {copy.pro}
              </span>
              <span className="sr-only md:not-sr-only">{copy.proMember}</span>
            </span>
          ) : (
            <Button
              onClick={() => {
                openUpgrade({ trigger: 'habits' });
              }}
              className="shrink-0 whitespace-nowrap px-3"
            >
              <Crown aria-hidden className="size-4" />
              <span aria-hidden className="md:hidden">
                {proLaunchCopy.upgrade}
              </span>
              <span className="sr-only md:not-sr-only">{proLaunchCopy.upgradeToPro}</span>
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => void onSignOut()}
            disabled={isSigningOut}
            className="shrink-0 whitespace-nowrap px-3"
          >
            <LogOut aria-hidden className="size-4" />
            <span className="hidden md:inline">
              {isSigningOut ? copy.signingOut : copy.signOut}
            </span>
            <span className="sr-only md:hidden">{copy.signOut}</span>
          </Button>
        </div>
      </div>
      {unsent > 0 ? (
        <Suspense fallback={null}>
          <UnsentChangesDialog
            count={unsent}
            onClose={() => {
              setUnsent(0);
            }}
            onSignOut={() => {
              setUnsent(0);
              void onSignOut(true);
            }}
          />
        </Suspense>
      ) : null}
    </header>
  );
});
