#!/usr/bin/env bash
# Preflight before `pulumi preview` / `pulumi up`: fail unless the cluster of a stack can be
# reached and the current credentials may list its namespaces.
#
#   scripts/preflight-cluster.sh <stack>
#
# Reads `kubernetes:context` from Pulumi.<stack>.yaml and runs
# `kubectl --context <ctx> get namespaces` with a bounded request timeout. pulumi-kubernetes
# only warns when it cannot reach a cluster, so without this check a preview with an empty or
# wrong kubeconfig would still pass. Uses $KUBECONFIG like kubectl does.
# PREFLIGHT_TIMEOUT (default 20s) bounds each request, 90 s the whole check.
set -euo pipefail
# shellcheck source=scripts/stack-lib.sh
source "$(dirname "$0")/stack-lib.sh"

stack="${1:-}"
if [ -z "$stack" ]; then
    echo "usage: scripts/preflight-cluster.sh <stack>" >&2
    exit 2
fi
context="$(stack_context "$stack")"
[ -n "$context" ] || die "Pulumi.$stack.yaml sets no kubernetes:context; the preflight needs it to know which cluster to check"
timeout="${PREFLIGHT_TIMEOUT:-20s}"

# kubectl retries API discovery a few times, each bounded by --request-timeout; `timeout`
# (coreutils; absent on stock macOS) also caps the whole command.
bounded() {
    if command -v timeout >/dev/null 2>&1; then timeout 90 "$@"; else "$@"; fi
}

if ! kubectl config get-contexts -o name 2>/dev/null | grep -qxF "$context"; then
    die "the kubeconfig (${KUBECONFIG:-~/.kube/config}) has no context '$context', which Pulumi.$stack.yaml names.
       In CI it comes from the KUBECONFIG secret of the job's GitHub environment (docs/ci-cd.md)."
fi

if ! out="$(bounded kubectl --context "$context" --request-timeout="$timeout" get namespaces -o name 2>&1)"; then
    printf '%s\n' "$out" | tail -n 5 | sed 's/^/       /' >&2
    die "cannot list namespaces in context '$context' (stack $stack) within $timeout: the cluster is
       unreachable from here, or its credentials may not list namespaces."
fi
echo "preflight: context '$context' (stack $stack) answers and lists $(printf '%s\n' "$out" | grep -c .) namespaces"
