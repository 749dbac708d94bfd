import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, PartyPopper } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { invalidateFor } from '../../lib/invalidate';
import { meQuery } from '../me/queries';
import { proCopy as copy } from './copy';

/** docs/product.md: the welcome dialog continues by itself after 10 s. */
export const AUTO_CONTINUE_SECONDS = 10;
/** How often the plan is re-read while the payment's confirmation (the webhook) is on its way. */
const CONFIRM_POLL_MS = 3000;

/** 'Welcome to Pro!' after a paid checkout: refreshes the plan, then continues by itself. */
export function ProWelcomeDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery);
  const isPro = me.data?.plan.isPro === true;
  // A second observer of ['me'] that polls only until the webhook has made the user Pro.
  useQuery({ ...meQuery, refetchInterval: isPro ? false : CONFIRM_POLL_MS });
  const [secondsLeft, setSecondsLeft] = useState(AUTO_CONTINUE_SECONDS);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    // What the plan event refreshes: the plan's limits and the analytics it unlocks.
    const refresh = (): void => {
      void invalidateFor(queryClient, 'plan');
    };
    refresh();
    return refresh;
  }, [queryClient]);

  useEffect(() => {
    const timer = setInterval(() => {
      setSecondsLeft((seconds) => Math.max(0, seconds - 1));
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) onCloseRef.current();
  }, [secondsLeft]);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      icon={<PartyPopper aria-hidden className="size-6 text-amber-500" />}
      title={copy.welcomeTitle}
      description={copy.welcomeIntro}
    >
      <ul className="flex flex-col gap-2">
        {copy.welcomeFeatures.map((feature) => (
          <li
            key={feature}
            className="flex items-center gap-3 rounded-2xl bg-slate-100 px-4 py-2.5 font-medium text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          >
            <Check aria-hidden className="size-5 text-emerald-600 dark:text-emerald-400" />
            {feature}
          </li>
        ))}
      </ul>
      {me.data && !isPro ? (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{copy.confirming}</p>
      ) : null}
      <Button className="mt-6 w-full" onClick={onClose}>
        {copy.startJourney}
      </Button>
      <p className="mt-2 text-center text-xs text-slate-600 dark:text-slate-300">
        {copy.continuingIn(secondsLeft)}
      </p>
    </Dialog>
  );
}
