#!/usr/bin/env bash
# Shows the dev stack's demo (scripts/demo-app.yaml) being picked up: waits, bounded, until
# Prometheus has scraped the annotated example-app pod (job annotated-pods) and the blackbox
# exporter has probed its Service (job probe), then prints both series.
#
#   scripts/show-demo.sh [stack]        (default: dev)
set -euo pipefail
# shellcheck source=scripts/stack-lib.sh
source "$(dirname "$0")/stack-lib.sh"

stack="${1:-dev}"
context="$(stack_context "$stack")"
timeout_s="${DEMO_TIMEOUT:-300}"
query=/api/v1/namespaces/monitoring/services/monitor:web/proxy/api/v1/query

ask() {
    kubectl --context "$context" get --raw "$query?query=$1" 2>/dev/null || true
}

deadline=$((SECONDS + timeout_s))
for series in 'up%7Bjob%3D%22annotated-pods%22%2Cnamespace%3D%22demo%22%7D' 'probe_success%7Bjob%3D%22probe%22%2Cnamespace%3D%22demo%22%7D'; do
    until ask "$series" | grep -q '"value":\[[^]]*,"1"\]'; do
        [ "$SECONDS" -lt "$deadline" ] || die "the demo was not picked up within ${timeout_s}s; query $query?query=$series"
        sleep 5
    done
    echo "demo: $(ask "$series")"
done
echo "demo: the annotated example-app pod is scraped and its annotated Service is probed (docs/monitor-your-app.md)"
