/**
 * The command-line flags of Alertmanager v0.34.0 (the pinned image), from kingpin's Flag("...")
 * calls of cmd/alertmanager/main.go at tag v0.34.0, plus what it adds through exporter-toolkit's
 * webflag.AddFlags (--web.listen-address, --web.config.file, --web.systemd-socket) and
 * prometheus/common's promslog flag.AddFlags (--log.level, --log.format). alertmanager.extra.args
 * may only name these: Alertmanager exits at start on a flag it does not know.
 */
export const ALERTMANAGER_FLAGS: readonly string[] = [
    "alerts.gc-interval", "alerts.per-alertname-limit", "auto-gomemlimit.ratio", "cluster.advertise-address",
    "cluster.allow-insecure-public-advertise-address-discovery", "cluster.gossip-interval", "cluster.label", "cluster.listen-address",
    "cluster.peer", "cluster.peer-name", "cluster.peer-timeout", "cluster.peers-resolve-timeout", "cluster.probe-interval",
    "cluster.probe-timeout", "cluster.pushpull-interval", "cluster.reconnect-interval", "cluster.reconnect-timeout",
    "cluster.settle-timeout", "cluster.tcp-timeout", "cluster.tls-config", "config.file", "data.maintenance-interval",
    "data.retention", "dispatch.maintenance-interval", "dispatch.start-delay", "enable-feature", "log.silences",
    "silences.max-silence-size-bytes", "silences.max-silences", "storage.path", "web.external-url", "web.get-concurrency",
    "web.route-prefix", "web.timeout",
    "web.listen-address", "web.config.file", "web.systemd-socket",
    "log.level", "log.format",
];
