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

# require_prerequisites <tool...>: check every tool the caller needs, and that a container engine
# answers when kind is among them, then name every missing one at once with how to get it, so a
# new user fixes them in one go rather than one per run. Exits when any is missing.
require_prerequisites() {
    local missing=() tool
    for tool in "$@"; do
        case "$tool" in
            node)
                if ! command -v node >/dev/null 2>&1; then
                    missing+=("node: Node.js 22 or later (24 LTS recommended): https://nodejs.org/ or your package manager; see .nvmrc")
                elif ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 22 ? 0 : 1)'; then
                    missing+=("node: $(node --version) is too old; install Node.js 22 or later (see .nvmrc)")
                fi
                ;;
            npm) command -v npm >/dev/null 2>&1 || missing+=("npm: comes with Node.js: https://nodejs.org/") ;;
            kind) command -v kind >/dev/null 2>&1 || missing+=("kind: https://kind.sigs.k8s.io/docs/user/quick-start/#installation") ;;
            kubectl) command -v kubectl >/dev/null 2>&1 || missing+=("kubectl: https://kubernetes.io/docs/tasks/tools/") ;;
            pulumi) command -v pulumi >/dev/null 2>&1 || missing+=("pulumi: the Pulumi CLI, https://www.pulumi.com/docs/install/ (no account needed: the state stays in .pulumi-state)") ;;
            docker)
                # kind runs its nodes as containers: the engine must answer, not only be installed.
                if [ "${KIND_EXPERIMENTAL_PROVIDER:-docker}" = podman ]; then
                    if ! command -v podman >/dev/null 2>&1; then
                        missing+=("podman: KIND_EXPERIMENTAL_PROVIDER=podman asks for it: https://podman.io/docs/installation")
                    elif ! podman info >/dev/null 2>&1; then
                        missing+=("podman: installed, but 'podman info' fails; start it (podman machine start) and try again")
                    fi
                elif ! command -v docker >/dev/null 2>&1; then
                    missing+=("docker: kind runs its nodes in Docker: https://docs.docker.com/engine/install/ (or set KIND_EXPERIMENTAL_PROVIDER=podman)")
                elif ! docker info >/dev/null 2>&1; then
                    missing+=("docker: installed, but the Docker engine does not answer ('docker info' fails); start it, or add your user to the docker group")
                fi
                ;;
            *) missing+=("$tool: not installed") ;;
        esac
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        printf 'error: %d prerequisite(s) missing; nothing was changed:\n' "${#missing[@]}" >&2
        printf '  - %s\n' "${missing[@]}" >&2
        exit 1
    fi
}
