export { ResourceMetrics, ResourceMetricsArgs } from "./resource-metrics";
export { resourceMetricsModel } from "./model";
