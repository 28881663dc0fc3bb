#!/usr/bin/env bash
# End-to-end test on kind: deploy the `e2e` stack, check that metrics and logs flow, destroy it.
#
#   scripts/e2e-kind.sh [--delete-cluster]
#
#   1. scripts/kind-up.sh e2e (creates the kind cluster of Pulumi.e2e.yaml if needed, pulumi up);
#   2. the Prometheus pod (namespace monitoring, label app=monitor) becomes Ready;
#   3. Prometheus' /api/v1/targets, read through the API server's service proxy, has at least one
#      target `up` for each of the jobs monitor, kubelet, cadvisor, apiserver, log-agent,
#      node-exporter, kube-state-metrics and alertmanager;
#   4. the alerting pipeline inside the cluster: Prometheus has discovered Alertmanager, and
#      Alertmanager (service monitoring/alertmanager, port web, through the same proxy) holds the
#      always-firing Watchdog alert that Prometheus sent it;
#   5. Elasticsearch (service kube-system/elasticsearch-logging, port db, through the same proxy)
#      holds a container log record with Kubernetes metadata in the agent's logstash-* indices;
#   6. Grafana (service monitoring/grafana) answers /api/health and, logged in as the admin with the
#      stack's generated password (read from the stack output, never printed), lists the
#      provisioned dashboards;
#   7. Kibana (service kube-system/kibana-logging) answers its status API, and its index-pattern
#      Job has completed;
#   8. a line that a test pod writes is found in Elasticsearch with its own time: the record's
#      @timestamp is the runtime's timestamp of that line (kubectl logs --timestamps), not the time
#      fluentd read it;
#   9. always `pulumi destroy --yes`; after a failure it first prints pods, events, descriptions
#      and logs. With --delete-cluster (or E2E_DELETE_CLUSTER=1) it also deletes the kind cluster;
#      E2E_KEEP=1 skips the destroy, to look around after a failure.
# Every wait is bounded by E2E_TIMEOUT seconds (default 600).
set -euo pipefail
# shellcheck source=scripts/stack-lib.sh
source "$(dirname "$0")/stack-lib.sh"

stack=e2e
delete_cluster="${E2E_DELETE_CLUSTER:-0}"
case "${1:-}" in
    --delete-cluster) delete_cluster=1 ;;
    "") ;;
    *) echo "usage: scripts/e2e-kind.sh [--delete-cluster]" >&2; exit 2 ;;
esac
timeout_s="${E2E_TIMEOUT:-600}"
# Before the cleanup trap: a missing tool stops here, named, with no diagnostics or destroy run
# of a stack that was never deployed.
require_prerequisites node npm kind docker kubectl pulumi

context="$(stack_context "$stack")"
case "$context" in
    kind-?*) cluster="${context#kind-}" ;;
    *) die "Pulumi.$stack.yaml must name a kind context (kind-<name>), not '$context'" ;;
esac
kc=(kubectl --context "$context")

# What the e2e stack deploys (the defaults of metrics and logs, plus the in-cluster search store).
PROM_NAMESPACE=monitoring
PROM_SELECTOR=app=monitor
PROM_TARGETS=/api/v1/namespaces/monitoring/services/monitor:web/proxy/api/v1/targets
JOBS=(monitor kubelet cadvisor apiserver log-agent node-exporter kube-state-metrics alertmanager)
# Alertmanager beside Prometheus (docs/alerting.md): its v2 API lists the alerts it holds.
AM_ALERTS=/api/v1/namespaces/monitoring/services/alertmanager:web/proxy/api/v2/alerts
# Grafana beside Prometheus (docs/grafana.md): its health endpoint needs no login.
GRAFANA_HEALTH=/api/v1/namespaces/monitoring/services/grafana:http/proxy/api/health
# Kibana beside the in-cluster store (docs/log-agent.md#kibana): its status API needs no login.
KIBANA_STATUS=/api/v1/namespaces/kube-system/services/kibana-logging:http/proxy/api/status
# A pod in the default namespace that writes one line the search store must then hold.
LOG_POD=e2e-log-line
LOG_MARKER="e2e-log-line-$$-$RANDOM"
# fluentd writes with logstash_format and the default prefix (components/log-agent/output-config.ts).
SEARCH_QUERY='/api/v1/namespaces/kube-system/services/elasticsearch-logging:db/proxy/logstash-*/_search?q=_exists_:kubernetes.namespace_name&size=1'

group() { if [ "${GITHUB_ACTIONS:-}" = true ]; then echo "::group::$*"; else echo "=== $*"; fi; }
endgroup() { if [ "${GITHUB_ACTIONS:-}" = true ]; then echo "::endgroup::"; fi; }

diagnostics() {
    group "diagnostics: nodes, pods, events"
    "${kc[@]}" get nodes -o wide || true
    "${kc[@]}" get pods -A -o wide || true
    "${kc[@]}" get events -A --sort-by=.lastTimestamp 2>/dev/null | tail -n 80 || true
    endgroup
    local ns pod
    for ns in "$PROM_NAMESPACE" kube-system; do
        for pod in $("${kc[@]}" -n "$ns" get pods -o name 2>/dev/null); do
            case "$pod" in *monitor* | *alertmanager* | *fluentd* | *elasticsearch* | *log-agent*) ;; *) continue ;; esac
            group "diagnostics: $ns/$pod"
            "${kc[@]}" -n "$ns" describe "$pod" | tail -n 40 || true
            "${kc[@]}" -n "$ns" logs "$pod" --all-containers --tail=100 || true
            endgroup
        done
    done
}

cleanup() {
    local rc=$?
    trap - EXIT
    if [ "$rc" -ne 0 ]; then
        echo "e2e FAILED (exit $rc)" >&2
        diagnostics
    fi
    "${kc[@]}" delete pod "$LOG_POD" --ignore-not-found --wait=false >/dev/null 2>&1 || true
    if [ "${E2E_KEEP:-0}" = 1 ]; then
        echo "E2E_KEEP=1: leaving stack $stack deployed on $context"
    else
        use_local_backend
        if ! (cd "$REPO_ROOT" && pulumi destroy --yes --stack "$stack" --non-interactive); then
            echo "error: pulumi destroy --stack $stack failed" >&2
            [ "$rc" -ne 0 ] || rc=1
        fi
    fi
    if [ "$delete_cluster" = 1 ]; then
        kind delete cluster --name "$cluster" || true
    fi
    [ "$rc" -ne 0 ] || echo "e2e passed"
    exit "$rc"
}
trap cleanup EXIT

# retry <what> <command...>: run the command every 10 s until it succeeds or E2E_TIMEOUT passes.
retry() {
    local what="$1" deadline=$((SECONDS + timeout_s))
    shift
    until "$@"; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            echo "error: timed out after ${timeout_s}s waiting for $what" >&2
            return 1
        fi
        sleep 10
    done
    echo "ok: $what"
}

prometheus_pod_exists() {
    [ -n "$("${kc[@]}" --request-timeout=30s -n "$PROM_NAMESPACE" get pods -l "$PROM_SELECTOR" -o name 2>/dev/null)" ]
}

# Every job in JOBS has a target whose health is "up"; prints what is missing.
targets_up() {
    local json
    json="$("${kc[@]}" --request-timeout=30s get --raw "$PROM_TARGETS")" || return 1
    # shellcheck disable=SC2016 # JavaScript template literals, not shell expansions
    printf '%s' "$json" | node -e '
        const targets = JSON.parse(require("fs").readFileSync(0, "utf8")).data.activeTargets;
        const missing = process.argv.slice(1).filter((job) => !targets.some((t) => t.labels.job === job && t.health === "up"));
        for (const job of missing) {
            const mine = targets.filter((t) => t.labels.job === job).map((t) => `${t.scrapeUrl} ${t.health} ${t.lastError}`);
            console.log(`  job ${job}: no target up; ${mine.length ? mine.join("; ") : "no targets"}`);
        }
        process.exit(missing.length ? 1 : 0);
    ' "${JOBS[@]}"
}

# Alertmanager holds the Watchdog alert: rules, Prometheus to Alertmanager discovery and the v2 API work.
watchdog_in_alertmanager() {
    local json
    json="$("${kc[@]}" --request-timeout=30s get --raw "$AM_ALERTS" 2>/dev/null)" || return 1
    printf '%s' "$json" | node -e '
        const alerts = JSON.parse(require("fs").readFileSync(0, "utf8"));
        process.exit(alerts.some((a) => a.labels.alertname === "Watchdog") ? 0 : 1);
    '
}

# Elasticsearch has a record with kubernetes.namespace_name; prints where it came from.
log_record_indexed() {
    local json
    json="$("${kc[@]}" --request-timeout=30s get --raw "$SEARCH_QUERY" 2>/dev/null)" || return 1
    # shellcheck disable=SC2016 # JavaScript template literals, not shell expansions
    printf '%s' "$json" | node -e '
        const hits = JSON.parse(require("fs").readFileSync(0, "utf8")).hits?.hits ?? [];
        const k = hits[0]?._source?.kubernetes;
        if (!k?.namespace_name) process.exit(1);
        console.log(`  ${hits[0]._index}: ${k.namespace_name}/${k.pod_name}/${k.container_name}`);
    '
}

# Grafana's dashboard search as the admin user, through a port-forward: the API server's service
# proxy cannot carry Grafana's own login. The password goes from the stack output to node through
# the environment only, so it never reaches the log.
grafana_dashboards_listed() {
    local port=13000 pf rc=0
    "${kc[@]}" -n monitoring port-forward svc/grafana "$port:3000" >/dev/null 2>&1 &
    pf=$!
    sleep 3
    GRAFANA_PASSWORD="$(cd "$REPO_ROOT" && pulumi stack output grafanaAdminPassword --show-secrets --stack "$stack" --non-interactive)" \
        GRAFANA_URL="http://127.0.0.1:$port" node -e '
        const auth = Buffer.from("admin:" + process.env.GRAFANA_PASSWORD).toString("base64");
        fetch(process.env.GRAFANA_URL + "/api/search?type=dash-db", { headers: { Authorization: "Basic " + auth } })
            .then((r) => (r.ok ? r.json() : Promise.reject(new Error("HTTP " + r.status))))
            .then((found) => {
                if (found.length === 0) process.exit(1);
                for (const d of found) console.log("  dashboard: " + d.title);
            })
            .catch((e) => { console.log("  " + e.message); process.exit(1); });
    ' || rc=1
    kill "$pf" 2>/dev/null || true
    wait "$pf" 2>/dev/null || true
    return "$rc"
}

grafana_healthy() {
    "${kc[@]}" --request-timeout=30s get --raw "$GRAFANA_HEALTH" 2>/dev/null | grep -q '"database": *"ok"'
}

kibana_available() {
    "${kc[@]}" --request-timeout=30s get --raw "$KIBANA_STATUS" 2>/dev/null | grep -q '"state": *"green"'
}

# The test pod's line is in Elasticsearch and its @timestamp is the runtime's time of the line,
# compared at the precision the record carries (milliseconds at most).
log_line_with_own_time() {
    local written json
    written="$("${kc[@]}" logs "$LOG_POD" --timestamps 2>/dev/null | grep -F "$LOG_MARKER" | head -n 1 | cut -d' ' -f1)"
    [ -n "$written" ] || return 1
    json="$("${kc[@]}" --request-timeout=30s get --raw "/api/v1/namespaces/kube-system/services/elasticsearch-logging:db/proxy/logstash-*/_search?q=%22$LOG_MARKER%22&size=1" 2>/dev/null)" || return 1
    # shellcheck disable=SC2016 # JavaScript template literals, not shell expansions
    printf '%s' "$json" | node -e '
        const hit = JSON.parse(require("fs").readFileSync(0, "utf8")).hits?.hits?.[0]?._source;
        if (!hit) process.exit(1);
        const stored = hit["@timestamp"];
        const digits = Math.min(3, (/\.(\d+)/.exec(stored)?.[1] ?? "").length);
        const cut = (t) => { const d = new Date(t.replace(/(\.\d{3})\d+/, "$1")).getTime(); const unit = 10 ** (3 - digits); return Math.floor(d / unit) * unit; };
        console.log(`  written ${process.argv[1]}, stored @timestamp ${stored}`);
        process.exit(cut(stored) === cut(process.argv[1]) ? 0 : 2);
    ' "$written"
}

bash "$REPO_ROOT/scripts/kind-up.sh" "$stack"

retry "a Prometheus pod ($PROM_NAMESPACE, $PROM_SELECTOR)" prometheus_pod_exists
"${kc[@]}" -n "$PROM_NAMESPACE" wait --for=condition=Ready pod -l "$PROM_SELECTOR" --timeout="${timeout_s}s"
retry "a target up in each job: ${JOBS[*]}" targets_up
retry "the Watchdog alert in Alertmanager" watchdog_in_alertmanager
retry "a container log record with Kubernetes metadata in Elasticsearch" log_record_indexed
retry "Grafana's health endpoint" grafana_healthy
use_local_backend
retry "the provisioned dashboards in Grafana" grafana_dashboards_listed
retry "Kibana's status" kibana_available
"${kc[@]}" -n kube-system wait --for=condition=complete job -l k8s-app=kibana-logging-index-pattern --timeout="${timeout_s}s"
"${kc[@]}" delete pod "$LOG_POD" --ignore-not-found >/dev/null
"${kc[@]}" run "$LOG_POD" --image=busybox:1.36 --restart=Never -- sh -c "sleep 5; echo $LOG_MARKER; sleep 3600"
retry "the test pod's line in Elasticsearch with its own timestamp" log_line_with_own_time
