/**
 * The public face of the metrics module (issue 52, docs/decisions/042-metrics.md): GET /metrics for
 * Prometheus, the per-request counting app.ts hooks in, and the off-site backup's failure flag.
 */
export { createAppMetrics, type AppMetrics, type MetricsSources } from './metrics';
export { metricsRoutes } from './metrics.routes';
