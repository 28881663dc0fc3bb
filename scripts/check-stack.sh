#!/usr/bin/env bash
# A CI job's check that its stack exists in the backend: pulumi/actions only selects a stack and
# never creates one, so a missing stack fails here with the command that creates it.
#
#   scripts/check-stack.sh <stack>     (PULUMI_BACKEND_URL names the backend)
set -uo pipefail

stack="${1:?usage: scripts/check-stack.sh <stack>}"
if ! pulumi stack ls --non-interactive > /dev/null; then
    echo "::error::cannot list the stacks in ${PULUMI_BACKEND_URL:-}: check the bucket and what AWS_ROLE_ARN may read"
    exit 1
fi
if ! pulumi stack select "$stack" --non-interactive; then
    echo "::error::stack $stack does not exist in ${PULUMI_BACKEND_URL:-}. Create it once: run scripts/bootstrap-stack.sh $stack (docs/ci-cd.md)"
    exit 1
fi
