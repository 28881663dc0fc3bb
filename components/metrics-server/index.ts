export { MetricsServer, MetricsServerArgs } from "./metrics-server";
export { prometheusConfig, renderPrometheusConfig } from "./prometheus-config";
