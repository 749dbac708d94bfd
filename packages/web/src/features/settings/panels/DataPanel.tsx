import type { ImportMode, ImportSummary } from '@habitquest/contracts/backup';
import { useQueryClient } from '@tanstack/react-query';
import { Download, RotateCcw, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { ApiError, call } from '../../../lib/api';
import { routes } from '@habitquest/contracts/routes';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { DialogActions } from '../../../components/ui/DialogActions';
import { Notice } from '../../../components/ui/Notice';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import {
  checkBackup,
  downloadBackup,
  invalidFileErrors,
  isJsonFileName,
  sendImport,
  type ImportStage,
} from '../data-transfer';
import { settingsDialogCopy as copy } from '../dialog-copy';
import { Section } from './parts';
import { randomId } from '../../../lib/random-id';

type Pending = { fileName: string; text: string; warnings: string[] };

/** Reads a chosen file as text, reporting how far it got (a large backup takes a moment). */
function readText(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    });
    reader.addEventListener('load', () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    });
    reader.addEventListener('error', () => {
      reject(reader.error ?? new Error('read failed'));
    });
    reader.readAsText(file);
  });
}

function stageText(stage: ImportStage): string {
  switch (stage.kind) {
    case 'reading':
      return stage.percent === null ? copy.reading : copy.readingPercent(stage.percent);
    case 'validating':
      return copy.validating;
    case 'uploading':
      return copy.uploading(stage.percent);
    case 'applying':
      return copy.applying;
  }
}

function stagePercent(stage: ImportStage): number {
  switch (stage.kind) {
    case 'reading':
      return (stage.percent ?? 0) * 0.1;
    case 'validating':
      return 15;
    case 'uploading':
      return 15 + stage.percent * 0.7;
    case 'applying':
      return 90;
  }
}

/**
 * Export, import and reset (docs/product.md data management, §4 import flow, §8 copy). After an import
 * or a reset every query is read again (the server also sends a resync to the other devices).
 */
export function DataPanel({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [isExporting, setIsExporting] = useState(false);
  const [stage, setStage] = useState<ImportStage | null>(null);
  const [errors, setErrors] = useState<string[] | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isResetOpen, setIsResetOpen] = useState(false);
  const [isResetting, setIsResetting] = useState(false);

  const onExport = async (): Promise<void> => {
    setIsExporting(true);
    try {
      await downloadBackup();
      toast.success(copy.exportSuccess);
    } catch {
      toast.error(copy.exportFailure);
    } finally {
      setIsExporting(false);
    }
  };

  const onFile = async (file: File): Promise<void> => {
    setFailure(null);
    if (!isJsonFileName(file.name)) {
      setErrors([copy.notJson(file.name)]);
      return;
    }
    setStage({ kind: 'reading', percent: null });
    let text: string;
    try {
      text = await readText(file, (percent) => {
        setStage({ kind: 'reading', percent });
      });
    } catch {
      setStage(null);
      setFailure(copy.readFailure);
      return;
    }
    setStage({ kind: 'validating' });
    try {
      const checked = await checkBackup(text);
      setStage(null);
      if (checked.ok) setPending({ fileName: file.name, text, warnings: checked.warnings });
      else setErrors(checked.errors);
    } catch {
      setStage(null);
      setFailure(copy.importUnexpected);
    }
  };

  const onImport = async (mode: ImportMode): Promise<void> => {
    if (!pending) return;
    const { text } = pending;
    setPending(null);
    setStage({ kind: 'uploading', percent: 0 });
    try {
      const result = await sendImport({ mode, text, onProgress: setStage });
      await client.invalidateQueries();
      setStage(null);
      showRestored(result.summary);
      onDone();
    } catch (error) {
      setStage(null);
      // A file the server refuses is shown like one the browser refused: its problems, listed.
      const problems = invalidFileErrors(error);
      if (problems) setErrors(problems);
      else {
        setFailure(
          error instanceof ApiError
            ? `${copy.importFailed(error.message)} ${copy.importRetry}`
            : copy.importUnexpected,
        );
      }
    }
  };

  const onReset = async (): Promise<void> => {
    setIsResetting(true);
    try {
      await call(routes.resetData, {
        body: { confirm: true },
        idempotencyKey: randomId(),
      });
      await client.invalidateQueries();
      setIsResetOpen(false);
      toast.success(copy.resetDone);
    } catch {
      toast.error(copy.resetFailed);
    } finally {
      setIsResetting(false);
    }
  };

  const isBusy = stage !== null;
  return (
    <div className="flex flex-col gap-4">
      <Section
        title={copy.exportHeading}
        description={copy.exportText}
        actions={
          <Button onClick={() => void onExport()} disabled={isExporting}>
            <Download aria-hidden className="size-4" />
            {isExporting ? copy.exporting : copy.exportButton}
          </Button>
        }
      />
      <Section
        title={copy.importHeading}
        description={copy.importText}
        actions={
          <Button
            variant="secondary"
            disabled={isBusy}
            onClick={() => {
              input.current?.click();
            }}
          >
            <Upload aria-hidden className="size-4" />
            {copy.importButton}
          </Button>
        }
      >
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="sr-only"
          tabIndex={-1}
          aria-label={copy.importButton}
          data-testid="import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so choosing the same file again fires another change.
            event.target.value = '';
            if (file) void onFile(file);
          }}
        />
        {stage ? (
          <div className="flex flex-col gap-2" aria-live="polite">
            <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
              {stageText(stage)}
            </p>
            <ProgressBar
              value={stagePercent(stage)}
              label={copy.importProgress}
              barClassName="bg-accent-gradient"
            />
          </div>
        ) : null}
        {failure ? <Notice tone="error">{failure}</Notice> : null}
      </Section>
      <Section
        title={copy.resetHeading}
        description={copy.resetText}
        className="border-red-200 dark:border-red-500/30"
        actions={
          <Button
            variant="danger"
            onClick={() => {
              setIsResetOpen(true);
            }}
          >
            <RotateCcw aria-hidden className="size-4" />
            {copy.resetButton}
          </Button>
        }
      />

      <Dialog
        open={errors !== null}
        onOpenChange={(open) => {
          if (!open) setErrors(null);
        }}
        title={copy.invalidTitle}
      >
        <ul className="max-h-72 list-disc overflow-y-auto pl-5 text-sm text-red-800 dark:text-red-300">
          {(errors ?? []).map((error, index) => (
            <li key={index} className="break-words">
              {error}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{copy.importRetry}</p>
        <DialogActions className="mt-5">
          <Button
            onClick={() => {
              setErrors(null);
            }}
          >
            {copy.close}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={copy.optionsTitle}
        description={pending ? copy.optionsText(pending.fileName) : undefined}
      >
        {pending && pending.warnings.length > 0 ? (
          <div className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-400/10 dark:text-amber-200">
            <p className="font-semibold">{copy.warningsTitle}</p>
            <ul className="mt-1 list-disc pl-5">
              {pending.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <DialogActions>
          <Button
            variant="ghost"
            onClick={() => {
              setPending(null);
            }}
          >
            {copy.cancel}
          </Button>
          <Button variant="secondary" onClick={() => void onImport('merge')}>
            {copy.merge}
          </Button>
          <Button onClick={() => void onImport('replace')}>{copy.replace}</Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={isResetOpen}
        onOpenChange={(open) => {
          if (!isResetting) setIsResetOpen(open);
        }}
        title={copy.resetTitle}
        description={copy.resetConfirmText}
      >
        <DialogActions>
          <Button
            variant="secondary"
            disabled={isResetting}
            onClick={() => {
              setIsResetOpen(false);
            }}
          >
            {copy.cancel}
          </Button>
          <Button variant="danger" disabled={isResetting} onClick={() => void onReset()}>
            {isResetting ? copy.resetting : copy.resetConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}

function showRestored(summary: ImportSummary): void {
  toast.success(copy.restored, { description: copy.summary(summary), duration: 8000 });
}
