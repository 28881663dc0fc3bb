/** One image per supported Prometheus release line, oldest first (docs/prometheus-versions.md#supported-lines). */
export const LINE_IMAGES: Record<string, string> = {
    "2.11": "quay.io/prometheus/prometheus:v2.11.1",
    "2.53": "quay.io/prometheus/prometheus:v2.53.5",
    "2.55": "quay.io/prometheus/prometheus:v2.55.1",
    "3.5 to 3.14": "quay.io/prometheus/prometheus:v3.5.0",
};
