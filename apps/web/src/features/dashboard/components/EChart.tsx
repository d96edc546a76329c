import type { EChartsOption } from 'echarts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, ToolboxComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ECharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only what the dashboard draws: bars (and lines, for the toolbox's chart-type switch).
use([BarChart, LineChart, GridComponent, ToolboxComponent, TooltipComponent, SVGRenderer]);

type EChartProps = { option: EChartsOption; height: number; 'data-testid'?: string };

/**
 * A small React wrapper around one ECharts instance (echarts-for-react does not declare React 19).
 * This module is loaded lazily, so ECharts reaches the browser only on the dashboard. SVG output:
 * crisp at any zoom, and the axis labels are real text.
 */
export default function EChart({ option, height, ...rest }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | undefined>(undefined);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const instance = init(node, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={element} style={{ width: '100%', height }} data-testid={rest['data-testid']} />;
}
