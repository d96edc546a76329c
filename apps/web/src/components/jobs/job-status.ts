import type { Job, JobResultKind, JobStatus } from '@platen/contract';

/** A job still has work to do: its page keeps asking for news. */
export const isJobActive = (job: Pick<Job, 'status'>): boolean =>
  job.status === 'queued' || job.status === 'running';

/** Items finished (produced or failed), in whole percent; a job without items is done. */
export const progressPercent = ({ progress }: Pick<Job, 'progress'>): number =>
  progress.total === 0 ? 100 : Math.floor((progress.done / progress.total) * 100);

const STATUS: Record<JobStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'brand' },
  succeeded: { label: 'Succeeded', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  canceled: { label: 'Canceled', color: 'yellow' },
};

export const statusLabel = (status: JobStatus): string => STATUS[status].label;
export const statusColor = (status: JobStatus): string => STATUS[status].color;

/** "12 of 40 documents, 2 failed": what a job has done so far. */
export const progressText = ({ progress }: Pick<Job, 'progress'>): string => {
  const base = `${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} documents`;
  return progress.failed > 0 ? `${base}, ${progress.failed.toLocaleString('en-US')} failed` : base;
};

export const resultLabel = (kind: JobResultKind): string => (kind === 'zip' ? 'ZIP' : 'Merged PDF');

/**
 * The name a downloaded result is saved under: the server's (Content-Disposition), else the
 * template's name with the result's extension.
 */
export const resultFileName = (
  job: Pick<Job, 'templateName'>,
  kind: JobResultKind,
  contentDisposition: string | null,
): string => {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(contentDisposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name falls through to the plain one.
    }
  }
  const plain = /filename="([^"]+)"/i.exec(contentDisposition ?? '')?.[1];
  if (plain) return plain;
  return `${job.templateName}${kind === 'zip' ? '.zip' : '.pdf'}`;
};

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** When a job was started, in the reader's locale; the server's text if not a date. */
export const formatJobTime = (value: string): string => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : timeFormat.format(date);
};
