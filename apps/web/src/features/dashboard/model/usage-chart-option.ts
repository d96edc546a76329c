import type { EChartsOption } from 'echarts';
import { abbreviateCount } from './abbreviate-count.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-03` → `Mar 2026`; anything else is shown as it is. */
export const monthName = (category: string): string => {
  const match = /^(\d{4})-(\d{2})$/.exec(category);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : category;
};

/** Axis label on one line: the month, with its year on January and on the first month shown. */
export const monthAxisLabel = (category: string, index: number): string => {
  const [month, year] = monthName(category).split(' ');
  if (!year) return category;
  return index === 0 || month === 'Jan' ? `${month} '${year.slice(2)}` : (month ?? category);
};

export type ChartToggles = { showYAxis: boolean; showGrid: boolean; showToolbar: boolean };

/** Colours as values: the chart draws them itself and cannot read CSS variables. */
export type ChartPalette = { bar: string; text: string; line: string; tooltipBg: string };

export type UsageChartInput = {
  categories: string[];
  series: number[];
  toggles: ChartToggles;
  palette: ChartPalette;
};

/**
 * product.md#screens-and-routes, product.md#constants 'Documents Generated': bars 30 % of their column, the y-axis in k and M, and the
 * Y-axis, Grid and Toolbar toggles.
 */
export const usageChartOption = ({
  categories,
  series,
  toggles,
  palette,
}: UsageChartInput): EChartsOption => ({
  animationDuration: 400,
  textStyle: { fontFamily: 'inherit' },
  // The axis labels must fit inside these margins (ECharts 6 lets them overflow by default).
  grid: {
    left: 8,
    right: 8,
    top: toggles.showToolbar ? 40 : 16,
    bottom: 8,
    outerBoundsMode: 'same',
    outerBoundsContain: 'axisLabel',
  },
  tooltip: {
    trigger: 'axis',
    axisPointer: { type: 'shadow' },
    backgroundColor: palette.tooltipBg,
    borderColor: palette.line,
    textStyle: { color: palette.text },
    formatter: (params: unknown) => {
      const first = (Array.isArray(params) ? params[0] : params) as
        { name?: string; value?: number } | undefined;
      return `${monthName(first?.name ?? '')}<br/><b>${(first?.value ?? 0).toLocaleString('en-US')}</b> documents`;
    },
  },
  toolbox: {
    show: toggles.showToolbar,
    right: 0,
    top: 0,
    iconStyle: { borderColor: palette.text },
    feature: {
      magicType: { type: ['bar', 'line'], title: { bar: 'Bars', line: 'Line' } },
      dataView: {
        readOnly: true,
        title: 'Data',
        lang: ['Documents Generated', 'Close', 'Refresh'],
      },
      restore: { title: 'Reset' },
      saveAsImage: { title: 'Download', name: 'documents-generated' },
    },
  },
  xAxis: {
    type: 'category',
    data: categories,
    axisTick: { show: false },
    axisLine: { lineStyle: { color: palette.line } },
    axisLabel: { color: palette.text, formatter: monthAxisLabel },
  },
  yAxis: {
    type: 'value',
    minInterval: 1,
    // Hiding the whole axis would hide its split lines too: the Grid toggle must stay independent.
    axisLine: { show: toggles.showYAxis, lineStyle: { color: palette.line } },
    axisLabel: {
      show: toggles.showYAxis,
      color: palette.text,
      formatter: (value: number) => abbreviateCount(value),
    },
    splitLine: { show: toggles.showGrid, lineStyle: { color: palette.line, type: 'dashed' } },
  },
  series: [
    {
      name: 'Documents Generated',
      type: 'bar',
      data: series,
      barWidth: '30%',
      itemStyle: { color: palette.bar, borderRadius: [4, 4, 0, 0] },
    },
  ],
});
