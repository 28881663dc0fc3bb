#!/usr/bin/env bash
# Prints how to reach each UI of a deployed stack (Grafana, Prometheus, Alertmanager, Kibana) and
# the logins of Grafana, Prometheus and Alertmanager, never a password: only the command that shows it.
#
#   scripts/access.sh [stack]        (default: dev; npm run access -- <stack>)
#
# Kind stacks keep their state in <repo>/.pulumi-state (scripts/kind-up.sh), so this reads the
# outputs from there, as the quickstart wrote them.
set -euo pipefail
# shellcheck source=scripts/stack-lib.sh
source "$(dirname "$0")/stack-lib.sh"

stack="${1:-dev}"
cd "$REPO_ROOT"
stack_file "$stack" >/dev/null
command -v pulumi >/dev/null 2>&1 || die "the Pulumi CLI is not installed"
context="$(stack_context "$stack")"

use_local_backend
outputs="$(pulumi stack output --json --stack "$stack" --non-interactive)" ||
    die "cannot read the outputs of stack $stack from $PULUMI_BACKEND_URL; deploy it first (npm run kind:up)"
printf '%s' "$outputs" |
    npx --no-install ts-node --transpile-only scripts/access-text.ts "$stack" "$context" "PULUMI_BACKEND_URL=$PULUMI_BACKEND_URL pulumi stack output"
