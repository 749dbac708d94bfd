import type { StorageHealthStatus } from '@habitquest/core/storage-health';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Eraser, HardDrive, RefreshCw, Server, ShieldCheck } from 'lucide-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { call } from '../../../lib/api';
import { routes } from '@habitquest/contracts/routes';
import { Button } from '../../../components/ui/Button';
import { cx } from '../../../components/ui/cx';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { settingsDialogCopy as copy } from '../dialog-copy';
import { cleanCache } from '../clean-cache';
import {
  BREAKDOWN_KEYS,
  formatBytes,
  measureStorage,
  requestPersistence,
  type StorageReport,
} from '../storage-usage';
import { Section } from './parts';
import { formatNumber } from '../../../lib/format';

export const accountSizeQuery = {
  queryKey: ['account-size'] as const,
  queryFn: () => call(routes.accountSize),
  staleTime: 0,
};

const STATUS_STYLE: Record<StorageHealthStatus, { badge: string; bar: string }> = {
  excellent: {
    badge: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
    bar: 'bg-emerald-500',
  },
  good: {
    badge: 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
    bar: 'bg-sky-500',
  },
  warning: {
    badge: 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
    bar: 'bg-amber-500',
  },
  critical: {
    badge: 'bg-red-100 text-red-900 dark:bg-red-400/15 dark:text-red-200',
    bar: 'bg-red-600',
  },
};

const SERVER_COUNTS = ['habits', 'completions', 'categories', 'rewards', 'inventory'] as const;

function Tile({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="rounded-xl bg-white px-3 py-2 dark:bg-slate-900" data-testid={testId}>
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900 dark:text-white">{children}</dd>
    </div>
  );
}

/**
 * Storage health (docs/product.md; docs/decisions.md): this browser's usage against its real quota,
 * what takes the room, advice, cleaning the cache, persistence, and the account on the server.
 */
export function StoragePanel() {
  const client = useQueryClient();
  const [report, setReport] = useState<StorageReport | null>(null);
  const [isCleaning, setIsCleaning] = useState(false);
  const [persistRefused, setPersistRefused] = useState(false);
  const server = useQuery(accountSizeQuery);

  const measure = useCallback(async (): Promise<void> => {
    setReport(await measureStorage(client));
  }, [client]);
  useEffect(() => {
    void measure();
  }, [measure]);

  const onRefresh = (): void => {
    void measure();
    void server.refetch();
  };
  const onClean = async (): Promise<void> => {
    setIsCleaning(true);
    await cleanCache(client);
    await measure();
    setIsCleaning(false);
    toast.success(copy.cacheCleaned);
  };
  const onPersist = async (): Promise<void> => {
    const granted = await requestPersistence();
    setPersistRefused(granted === false);
    await measure();
  };

  const style = report ? STATUS_STYLE[report.status] : null;
  return (
    <div className="flex flex-col gap-4">
      <Section
        title={copy.storageHeading}
        actions={
          <>
            {report && report.breakdown.cache > 0 ? (
              <Button variant="secondary" disabled={isCleaning} onClick={() => void onClean()}>
                <Eraser aria-hidden className="size-4" />
                {copy.cleanCache}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={onRefresh}>
              <RefreshCw aria-hidden className="size-4" />
              {copy.refresh}
            </Button>
          </>
        }
      >
        {report && style ? (
          <div className="flex flex-col gap-4">
            <div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-100">
                  <HardDrive aria-hidden className="size-4" />
                  {report.quota === null
                    ? formatBytes(report.used)
                    : copy.usage(formatBytes(report.used), formatBytes(report.quota))}
                </p>
                <span
                  data-testid="storage-status"
                  className={cx('rounded-full px-2.5 py-0.5 text-xs font-bold', style.badge)}
                >
                  {copy.status[report.status]} · {report.usagePercentage}%
                </span>
              </div>
              <ProgressBar
                value={Math.max(report.usagePercentage, report.used > 0 ? 1 : 0)}
                label={copy.usageLabel}
                size="md"
                className="mt-2"
                barClassName={style.bar}
              />
              {report.quota === null ? (
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                  {copy.storageUnsupported}
                </p>
              ) : null}
            </div>
            <div>
              <h4 className="text-sm font-semibold text-slate-800 dark:text-slate-100">
                {copy.breakdownHeading}
              </h4>
              <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
                {BREAKDOWN_KEYS.map((key) => (
                  <Tile key={key} label={copy.breakdown[key]} testId={`storage-${key}`}>
                    {formatBytes(report.breakdown[key])}
                  </Tile>
                ))}
              </dl>
            </div>
            <div>
              <h4 className="text-sm font-semibold text-slate-800 dark:text-slate-100">
                {copy.recommendations}
              </h4>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-200">
                {report.recommendations.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{copy.measuring}</p>
        )}
      </Section>
      <Section
        title={copy.persistentHeading}
        description={
          report === null
            ? copy.measuring
            : report.persisted === null
              ? copy.persistUnsupported
              : report.persisted
                ? copy.persisted
                : copy.notPersisted
        }
        actions={
          report?.persisted === false ? (
            <Button variant="secondary" onClick={() => void onPersist()}>
              <ShieldCheck aria-hidden className="size-4" />
              {copy.requestPersist}
            </Button>
          ) : null
        }
      >
        {persistRefused && report?.persisted === false ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{copy.persistRefused}</p>
        ) : null}
      </Section>
      <Section title={copy.serverHeading}>
        {server.data ? (
          <dl data-testid="server-size" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {SERVER_COUNTS.map((key) => (
              <Tile key={key} label={copy.serverCounts[key]}>
                {formatNumber(server.data[key])}
              </Tile>
            ))}
            <Tile label={copy.serverBytesLabel}>
              <span className="inline-flex items-center gap-1.5">
                <Server aria-hidden className="size-4 text-slate-500 dark:text-slate-400" />
                {copy.serverBytes(formatBytes(server.data.bytes))}
              </span>
            </Tile>
          </dl>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {server.isError ? copy.serverFailed : copy.measuring}
          </p>
        )}
      </Section>
    </div>
  );
}
