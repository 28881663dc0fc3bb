/** Go's int64, the type Prometheus and Kubernetes hold durations, quantities and byte sizes in. */
export const MAX_INT64 = (1n << 63n) - 1n;
