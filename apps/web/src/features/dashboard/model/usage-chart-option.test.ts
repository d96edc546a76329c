import { describe, expect, it } from 'vitest';
import {
  monthAxisLabel,
  monthName,
  usageChartOption,
  type ChartToggles,
} from './usage-chart-option.ts';

const palette = { bar: '#4869f1', text: '#555', line: '#ddd', tooltipBg: '#fff' };
const allOn: ChartToggles = { showYAxis: true, showGrid: true, showToolbar: true };

type Shape = {
  toolbox: { show: boolean };
  yAxis: {
    axisLine: { show: boolean };
    axisLabel: { show: boolean; formatter: (value: number) => string };
    splitLine: { show: boolean };
  };
  xAxis: { data: string[] };
  series: { type: string; data: number[]; barWidth: string }[];
};

const option = (toggles: Partial<ChartToggles> = {}) =>
  usageChartOption({
    categories: ['2025-12', '2026-01', '2026-02'],
    series: [3, 1500, 2_000_000],
    toggles: { ...allOn, ...toggles },
    palette,
  }) as unknown as Shape;

describe('usageChartOption', () => {
  it('draws one bar series, 30 % of each column, with the months and counts as given', () => {
    const { series, xAxis } = option();
    expect(series).toEqual([
      expect.objectContaining({ type: 'bar', barWidth: '30%', data: [3, 1500, 2_000_000] }),
    ]);
    expect(xAxis.data).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it('labels the y-axis in k and M', () => {
    const { formatter } = option().yAxis.axisLabel;
    expect([0, 500, 1500, 2_000_000].map(formatter)).toEqual(['0', '500', '1.5k', '2M']);
  });

  it('hides the y-axis labels and line with the Y-axis toggle, and keeps the grid', () => {
    const { yAxis } = option({ showYAxis: false });
    expect(yAxis.axisLabel.show).toBe(false);
    expect(yAxis.axisLine.show).toBe(false);
    expect(yAxis.splitLine.show).toBe(true);
  });

  it('hides the grid lines with the Grid toggle', () => {
    expect(option({ showGrid: false }).yAxis.splitLine.show).toBe(false);
  });

  it('shows the toolbox only with the Toolbar toggle', () => {
    expect(option().toolbox.show).toBe(true);
    expect(option({ showToolbar: false }).toolbox.show).toBe(false);
  });
});

describe('month labels', () => {
  it('names a month and its year', () => {
    expect(monthName('2026-03')).toBe('Mar 2026');
    expect(monthName('odd')).toBe('odd');
  });

  it('adds the year to the first month and to January only', () => {
    expect(monthAxisLabel('2025-04', 0)).toBe("Apr '25");
    expect(monthAxisLabel('2025-05', 1)).toBe('May');
    expect(monthAxisLabel('2026-01', 9)).toBe("Jan '26");
  });
});
