export { Prometheus, PrometheusArgs, PROMETHEUS_TYPE } from "./prometheus";
export { prometheusConfig, renderPrometheusConfig } from "./prometheus-config";
export { PrometheusInputs } from "./inputs";
