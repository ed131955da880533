/**
 * A chart on the dashboard: header (title, menu), lazy loading outside the viewport (IntersectionObserver;
 * immediate when unsupported), the shared ChartContainer, the owners' hint under errors, full-size mode,
 * and in edit mode drag, delete and resize in grid units.
 */
import { Skeleton, SkeletonRegion } from '../components/skeleton';
import { rejectsTimeRange } from './time-range-skips';
import { useSignals } from '@preact/signals-react/runtime';
import { chartIdOf, type DataMask, type LayoutComponent } from '@lumen-bi/core';
import { lazy, Suspense, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { ChartContainer, type ChartContainerState } from '../chart/chart-container';
import { useDashboard } from './dashboard-context';
import { columnWidthStyle, EditControls, heightPx } from './layout-grid';

/**
 * The chart's '⋯' menu (its dialogs, image download and table view) loads with the first chart that shows it,
 * out of the dashboard's first load; until then a disabled trigger of the same size holds its place.
 */
const ChartHeaderMenu = lazy(() => import('./chart-header-menu').then((module) => ({ default: module.ChartHeaderMenu })));

/** Glyph name="more" (components/glyphs.tsx) drawn here: the glyphs module stays with the menu's code. */
function MoreGlyph() {
  return (
    <svg className="bi-glyph" viewBox="0 0 16 16" width={16} height={16} aria-hidden="true" focusable="false">
      <g fill="currentColor">
        <circle cx="3" cy="8" r="1.5" />
        <circle cx="8" cy="8" r="1.5" />
        <circle cx="13" cy="8" r="1.5" />
      </g>
    </svg>
  );
}

function MenuPlaceholder({ title }: { title: string }) {
  return (
    <div className="bi-dash-menu">
      <button type="button" className="bi-icon-button bi-dash-menu__trigger" aria-label={`More options for ${title}`} disabled>
        <MoreGlyph />
      </button>
    </div>
  );
}

export const CHART_OWNERS_MESSAGE = 'Please reach out to the Chart Owner(s) for assistance.';
const HEADER_HEIGHT = 32;

/** Becomes true once the element is near the viewport; true at once without IntersectionObserver. */
export function useInViewport(ref: React.RefObject<HTMLElement | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    }, { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen, ref]);
  return seen;
}

/** Live resize in grid units (edit mode's startResize); committed to the layout (one undo step) on pointer up. */
export function useResize(component: LayoutComponent, holder: React.RefObject<HTMLElement | null>) {
  const { store, edit } = useDashboard();
  const [preview, setPreview] = useState<{ width: number; height: number } | null>(null);
  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => edit?.startResize(event, store, component, holder, setPreview);
  return { preview, onPointerDown };
}

export function ChartHolder({ component, inColumn }: { component: LayoutComponent; inColumn: boolean }) {
  useSignals();
  const { store, registry, uiConfig, colorScale, edit } = useDashboard();
  const ref = useRef<HTMLDivElement>(null);
  const visible = useInViewport(ref);
  const { preview, onPointerDown } = useResize(component, ref);
  const chartId = chartIdOf(component);
  const chart = chartId !== undefined ? store.charts.value[chartId] : undefined;
  const formData = chartId !== undefined ? store.chartFormData(chartId) : null;
  const refresh = chartId !== undefined ? store.refreshRequests.value[chartId] : undefined;
  const fullSize = store.fullSizeChartId.value === chartId;
  const editing = edit !== null;
  const width = preview?.width ?? component.meta?.width;
  const height = heightPx(preview?.height ?? component.meta?.height);
  const title = String(component.meta?.sliceNameOverride || chart?.slice_name || component.meta?.sliceName || '');
  const style = fullSize ? undefined : { ...(inColumn ? {} : columnWidthStyle(width)), height };

  const crossFilters = Boolean(store.metadata.value.cross_filters_enabled) && chartId !== undefined && !editing;
  const crossFilterValue = chartId !== undefined ? store.dataMask.value[String(chartId)]?.filterState?.value : undefined;
  const crossFilterValues = crossFilters && Array.isArray(crossFilterValue) ? crossFilterValue : undefined;
  const onCrossFilter = crossFilters ? (mask: DataMask | null) => store.setCrossFilter(chartId!, mask) : undefined;

  const enabled = visible && !store.chartsBlocked.value;
  const [status, setStatus] = useState<ChartContainerState['status']>('idle');
  // The container's own rule for 'working on it': a query in flight, or one about to start.
  const loading = status === 'loading' || (status === 'idle' && enabled);
  const onState = (state: ChartContainerState) => {
    setStatus(state.status);
    if (chartId === undefined) return;
    store.reportChartState(chartId, {
      status: state.status,
      error: state.error,
      updatedAt: state.status === 'success' ? Date.now() : undefined,
      rowCount: state.queriesData?.[0]?.rowcount,
      ...(rejectsTimeRange(state.queriesData?.[0]?.rejected_filters) ? { timeRangeSkipped: true } : {}),
    });
  };

  return (
    <div
      ref={ref}
      className={`bi-dash-chart${fullSize ? ' bi-dash-chart--full' : ''}${editing ? ' bi-dash-chart--editing' : ''}`}
      style={style}
      data-layout-id={component.id}
      data-chart-id={chartId}
      id={component.id}
    >
      <EditControls id={component.id} label={title || 'chart'} />
      <div className="bi-dash-chart__header">
        <span className="bi-dash-chart__title" title={title}>
          {title}
        </span>
        {!uiConfig.hideChartControls && chartId !== undefined && chart && !editing && (
          <Suspense fallback={<MenuPlaceholder title={title} />}>
            <ChartHeaderMenu chartId={chartId} title={title} />
          </Suspense>
        )}
      </div>
      <div className="bi-dash-chart__body" style={fullSize ? undefined : { height: height - HEADER_HEIGHT }} aria-busy={(chart && formData && loading) || undefined}>
        {!chart || !formData ? (
          chartId === undefined ? (
            <p className="bi-dash-chart__missing">This chart has no definition.</p>
          ) : (
            <ChartSkeleton />
          )
        ) : (
          <ChartContainer
            api={store.api}
            registry={registry}
            formData={formData}
            enabled={enabled}
            dashboardId={store.info.value?.id}
            refreshKey={refresh?.key ?? 0}
            force={refresh?.force ?? false}
            colorScale={colorScale}
            errorFooter={CHART_OWNERS_MESSAGE}
            onStateChange={onState}
            chartId={chartId}
            onCrossFilter={onCrossFilter}
            crossFilterValues={crossFilterValues}
            fetchData={store.chartData.fetch}
          />
        )}
        {chart && formData && loading && <ChartSkeleton overlay />}
      </div>
      {edit && !fullSize && <edit.ResizeHandle onPointerDown={onPointerDown} />}
    </div>
  );
}

/** A chart-shaped placeholder; as an overlay it covers the card body while the chart's query runs. */
function ChartSkeleton({ overlay = false }: { overlay?: boolean }) {
  return (
    <SkeletonRegion label="Loading chart" className={`bi-dash-chart__skeleton${overlay ? ' bi-dash-chart__skeleton--overlay' : ''}`}>
      <Skeleton width="45%" />
      <Skeleton height="auto" className="bi-dash-chart__skeleton-plot" />
    </SkeletonRegion>
  );
}
