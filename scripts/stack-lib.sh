#!/usr/bin/env bash
# Helpers shared by the stack scripts (bootstrap-stack, preflight-cluster, kind-up, e2e-kind).
# Source it; it defines functions only and changes nothing.

# The repository root (this file lives in <root>/scripts).
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

# Fail unless Pulumi.<stack>.yaml exists; print its path.
stack_file() {
    local file="$REPO_ROOT/Pulumi.$1.yaml"
    [ -f "$file" ] || die "Pulumi.$1.yaml does not exist, so there is no stack '$1' in this project"
    printf '%s\n' "$file"
}

# The stack's `kubernetes:context` (one-line value, without quotes or trailing comment); empty if unset.
stack_context() {
    local file
    file="$(stack_file "$1")" || exit 1
    sed -n -E 's/^[[:space:]]+kubernetes:context:[[:space:]]*//p' "$file" | head -n 1 |
        sed -E -e 's/[[:space:]]+#.*$//' -e 's/[[:space:]]+$//' -e "s/^[\"']//" -e "s/[\"']$//"
}

# Succeeds when the backend in PULUMI_BACKEND_URL holds the stack; exits when the backend cannot be listed.
stack_exists() {
    local list
    list="$(cd "$REPO_ROOT" && pulumi stack ls --json --non-interactive)" ||
        die "cannot list the stacks in $PULUMI_BACKEND_URL (credentials or network?)"
    printf '%s' "$list" | node -e '
        const want = process.argv[1];
        const stacks = JSON.parse(require("fs").readFileSync(0, "utf8") || "[]");
        process.exit(stacks.some((s) => s.name === want || s.name.endsWith("/" + want)) ? 0 : 1);
    ' "$1"
}

# Default passphrase of the local kind stacks (dev, e2e). Never use it for a shared backend.
LOCAL_PASSPHRASE="local-kind-only"

# State of the local kind stacks in <repo>/.pulumi-state (git-ignored), through the environment
# only: the user's `pulumi login` stays as it is.
use_local_backend() {
    mkdir -p "$REPO_ROOT/.pulumi-state"
    export PULUMI_BACKEND_URL="file://$REPO_ROOT/.pulumi-state"
    if [ -z "${PULUMI_CONFIG_PASSPHRASE:-}" ] && [ -z "${PULUMI_CONFIG_PASSPHRASE_FILE:-}" ]; then
        export PULUMI_CONFIG_PASSPHRASE="$LOCAL_PASSPHRASE"
    fi
}
