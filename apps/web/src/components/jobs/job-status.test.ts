import { describe, expect, it } from 'vitest';
import {
  formatJobTime,
  isJobActive,
  progressPercent,
  progressText,
  resultFileName,
} from './job-status.ts';

const progress = (done: number, total: number, failed = 0) => ({
  progress: { done, total, failed },
});

describe('a job as the app shows it', () => {
  it('is active while queued or running', () => {
    expect(
      (['queued', 'running', 'succeeded', 'failed', 'canceled'] as const).map((status) =>
        isJobActive({ status }),
      ),
    ).toEqual([true, true, false, false, false]);
  });

  it('shows its progress in whole percent, 100 only when every item is finished', () => {
    expect([
      progressPercent(progress(0, 3)),
      progressPercent(progress(2, 3)),
      progressPercent(progress(999, 1000)),
      progressPercent(progress(3, 3)),
    ]).toEqual([0, 66, 99, 100]);
  });

  it('says how many documents are done and how many failed', () => {
    expect(progressText(progress(1200, 10000))).toBe('1,200 of 10,000 documents');
    expect(progressText(progress(3, 3, 1))).toBe('3 of 3 documents, 1 failed');
  });

  it("saves a result under the server's file name, else the template's", () => {
    const job = { templateName: 'Invoice' };
    expect(
      resultFileName(job, 'zip', "attachment; filename*=UTF-8''Rechnung%20M%C3%A4rz.zip"),
    ).toBe('Rechnung März.zip');
    expect(resultFileName(job, 'merged', 'attachment; filename="all.pdf"')).toBe('all.pdf');
    expect(resultFileName(job, 'merged', null)).toBe('Invoice.pdf');
    expect(resultFileName(job, 'zip', 'attachment')).toBe('Invoice.zip');
  });

  it('shows a time it cannot read as it came', () => {
    expect(formatJobTime('soon')).toBe('soon');
    expect(formatJobTime('2026-03-01T10:00:00Z')).toMatch(/2026/);
  });
});
