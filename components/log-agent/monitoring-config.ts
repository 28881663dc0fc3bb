import { FluentdFile, FluentdSection, param, section, source } from "./fluentd-model";
import { METRICS_PORT } from "./layout";

function hostLabel(): FluentdSection {
    // ${hostname} is expanded by fluent-plugin-prometheus, not by fluentd's config parser.
    return section("labels", undefined, [param("host", "${hostname}")]);
}

/** monitoring.conf: the five metric exporter inputs; the port is the one the DaemonSet exposes. */
export function monitoringConfig(): FluentdFile {
    return [
        source("prometheus", "prometheus", [param("port", METRICS_PORT.number), param("metrics_path", METRICS_PORT.path)]),
        source("monitor_agent", "monitor_agent"),
        source("prometheus_monitor", "prometheus_monitor", [hostLabel()]),
        source("prometheus_output_monitor", "prometheus_output_monitor", [hostLabel()]),
        source("prometheus_tail_monitor", "prometheus_tail_monitor", [hostLabel()]),
    ];
}
