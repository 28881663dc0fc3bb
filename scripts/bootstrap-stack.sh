#!/usr/bin/env bash
# One-time creation of a stack in the shared state backend, and its secrets.
#
#   PULUMI_BACKEND_URL='s3://<bucket>?region=<region>' PULUMI_CONFIG_PASSPHRASE='<passphrase>' \
#     [SEARCH_PASSWORD=...] [ETCD_CA_CERT_FILE=ca.crt ETCD_CLIENT_CERT_FILE=client.crt ETCD_CLIENT_KEY_FILE=client.key] \
#     [ALERT_WEBHOOK_URL=... ALERT_WATCHDOG_URL=... ALERT_SLACK_URL=... ALERT_SMTP_PASSWORD=... ALERT_PAGERDUTY_KEY=...] \
#     [SECRET_remoteWritePassword=...] \
#     scripts/bootstrap-stack.sh <stack>
#
# - Refuses to run without PULUMI_BACKEND_URL: it never falls back to your `pulumi login` or to
#   Pulumi Cloud, and it does not change your login (the URL is used through the environment).
# - Creates the stack with the passphrase secrets provider (PULUMI_CONFIG_PASSPHRASE or
#   PULUMI_CONFIG_PASSPHRASE_FILE is required), or selects it when it already exists.
# - Sets each secret whose variable is given, reading the value from stdin so that it never
#   appears in a process list:
#     SEARCH_PASSWORD        -> cluster-monitoring:searchPassword
#     ETCD_CA_CERT_FILE      -> cluster-monitoring:etcdCaCert
#     ETCD_CLIENT_CERT_FILE  -> cluster-monitoring:etcdClientCert
#     ETCD_CLIENT_KEY_FILE   -> cluster-monitoring:etcdClientKey
#     ALERT_WEBHOOK_URL      -> cluster-monitoring:alertWebhookUrl
#     ALERT_WATCHDOG_URL     -> cluster-monitoring:alertWatchdogUrl
#     ALERT_SLACK_URL        -> cluster-monitoring:alertSlackUrl
#     ALERT_SMTP_PASSWORD    -> cluster-monitoring:alertSmtpPassword
#     ALERT_PAGERDUTY_KEY    -> cluster-monitoring:alertPagerdutyKey
#     SECRET_<key>           -> cluster-monitoring:<key>, for any other secret key: grafanaAdminPassword,
#                               or a key the stack names itself, such as a remote write target's
#                               passwordKey (docs/long-term-storage.md)
# Running it again is safe: the stack is reused and the given secrets are set again.
# Pulumi writes the passphrase salt (`encryptionsalt`) and the encrypted values into
# Pulumi.<stack>.yaml; commit that file so CI can decrypt them.
set -euo pipefail
# shellcheck source=scripts/stack-lib.sh
source "$(dirname "$0")/stack-lib.sh"

stack="${1:-}"
[ -n "$stack" ] || { echo "usage: scripts/bootstrap-stack.sh <stack>" >&2; exit 2; }
stack_file "$stack" >/dev/null

[ -n "${PULUMI_BACKEND_URL:-}" ] ||
    die "PULUMI_BACKEND_URL is not set. Set it to the state backend, e.g. s3://<bucket>?region=<region>
       (the repository variable PULUMI_BACKEND_URL; docs/ci-cd.md). Refusing to fall back to Pulumi Cloud."
[ -n "${PULUMI_CONFIG_PASSPHRASE:-}${PULUMI_CONFIG_PASSPHRASE_FILE:-}" ] ||
    die "PULUMI_CONFIG_PASSPHRASE (or PULUMI_CONFIG_PASSPHRASE_FILE) is not set; it encrypts the stack's secrets
       and must be the value of the PULUMI_CONFIG_PASSPHRASE secret of the stack's GitHub environments."
command -v pulumi >/dev/null 2>&1 || die "the Pulumi CLI is not installed (https://www.pulumi.com/docs/install/)"
export PULUMI_BACKEND_URL
cd "$REPO_ROOT"

if stack_exists "$stack"; then
    echo "stack $stack already exists in $PULUMI_BACKEND_URL; reusing it"
else
    pulumi stack init "$stack" --secrets-provider passphrase --non-interactive
fi

# set_secret <key> <what> reads the value from stdin.
set_secret() {
    pulumi config set --secret --stack "$stack" --non-interactive "cluster-monitoring:$1"
    echo "set cluster-monitoring:$1 ($2)"
}

if [ -n "${SEARCH_PASSWORD:-}" ]; then
    printf '%s' "$SEARCH_PASSWORD" | set_secret searchPassword "from SEARCH_PASSWORD"
fi
for pair in etcdCaCert:ETCD_CA_CERT_FILE etcdClientCert:ETCD_CLIENT_CERT_FILE etcdClientKey:ETCD_CLIENT_KEY_FILE; do
    key="${pair%%:*}" var="${pair#*:}"
    path="${!var:-}"
    [ -n "$path" ] || continue
    [ -r "$path" ] || die "$var=$path is not a readable file"
    set_secret "$key" "from $var=$path" <"$path"
done

# Alertmanager's receiver secrets (docs/alerting.md#receivers), values read from the environment.
for pair in alertWebhookUrl:ALERT_WEBHOOK_URL alertWatchdogUrl:ALERT_WATCHDOG_URL alertSlackUrl:ALERT_SLACK_URL \
    alertSmtpPassword:ALERT_SMTP_PASSWORD alertPagerdutyKey:ALERT_PAGERDUTY_KEY; do
    key="${pair%%:*}" var="${pair#*:}"
    [ -n "${!var:-}" ] || continue
    printf '%s' "${!var}" | set_secret "$key" "from $var"
done

# Any other secret key, such as grafanaAdminPassword or a remote write target's passwordKey.
# A component's settings (config/index.ts COMPONENT_SCHEMAS) are plain objects, never a secret.
settings_keys=" metrics controlPlane logs searchStore longTermStore nodeExporter kubeStateMetrics grafana alertRules alertmanager resourceMetrics blackboxExporter eventCollector networkPolicies "
while IFS= read -r var; do
    key="${var#SECRET_}"
    case "$settings_keys" in
    *" $key "*) die "$var would replace cluster-monitoring:$key, a component's settings, with a secret; secret keys are listed in docs/configuration.md" ;;
    esac
    printf '%s' "${!var}" | set_secret "$key" "from $var"
done < <(compgen -e | grep -E '^SECRET_[A-Za-z][A-Za-z0-9]*$' || true)

echo "stack $stack is ready in $PULUMI_BACKEND_URL."
if ! git diff --quiet -- "Pulumi.$stack.yaml" 2>/dev/null; then
    echo "Pulumi.$stack.yaml changed (encryption salt and/or encrypted values); commit it so CI can decrypt them."
fi
