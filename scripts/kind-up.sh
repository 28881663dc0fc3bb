#!/usr/bin/env bash
# Quickstart: deploy a stack onto a local kind cluster.
#
#   scripts/kind-up.sh [stack]        (default: dev)
#
# Needs kind, a running Docker engine (or podman), kubectl, the Pulumi CLI and Node >= 22; it
# names every one that is missing at once, before it changes anything. It
#   1. creates the kind cluster that the stack's `kubernetes:context` names (kind-<name>) unless
#      it exists;
#   2. keeps the state in <repo>/.pulumi-state through PULUMI_BACKEND_URL=file://...; it never
#      runs `pulumi login`, so your own login stays as it is;
#   3. uses PULUMI_CONFIG_PASSPHRASE, or the local-only default `local-kind-only` when unset;
#   4. runs `npm ci` when node_modules is missing;
#   5. creates the stack with the passphrase secrets provider when it does not exist (Pulumi then
#      writes an `encryptionsalt:` line into Pulumi.<stack>.yaml);
#   6. checks the cluster with scripts/preflight-cluster.sh and runs
#      `pulumi up --yes --refresh --stack <stack>` (the refresh forgets objects of a cluster that
#      was deleted and created again);
#   7. for the dev stack, applies the demo app (scripts/demo-app.yaml) before `pulumi up` and
#      shows it scraped and probed afterwards (scripts/show-demo.sh);
#   8. prints how to reach each UI and Grafana's login (scripts/access.sh), never the password.
set -euo pipefail
# shellcheck source=scripts/stack-lib.sh
source "$(dirname "$0")/stack-lib.sh"

stack="${1:-dev}"
cd "$REPO_ROOT"
stack_file "$stack" >/dev/null

require_prerequisites node npm kind docker kubectl pulumi

context="$(stack_context "$stack")"
case "$context" in
    kind-?*) cluster="${context#kind-}" ;;
    *) die "Pulumi.$stack.yaml has kubernetes:context '${context}', not a kind context (kind-<cluster name>)" ;;
esac

if kind get clusters 2>/dev/null | grep -qxF "$cluster"; then
    echo "kind cluster $cluster exists"
else
    kind create cluster --name "$cluster" --config "$REPO_ROOT/kind/cluster.yaml" --wait 120s
fi

use_local_backend
echo "state: $PULUMI_BACKEND_URL"

if [ ! -d node_modules ]; then
    npm ci --no-audit --no-fund
fi

if ! stack_exists "$stack"; then
    pulumi stack init "$stack" --secrets-provider passphrase --non-interactive
fi

bash scripts/preflight-cluster.sh "$stack"
# The dev stack discovers annotated pods in namespace demo: its sample app goes in first.
if [ "$stack" = dev ]; then
    kubectl --context "$context" apply -f scripts/demo-app.yaml
fi
pulumi up --yes --refresh --stack "$stack" --non-interactive
if [ "$stack" = dev ]; then
    bash scripts/show-demo.sh "$stack"
fi

bash scripts/access.sh "$stack"
