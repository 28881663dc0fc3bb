#!/usr/bin/env bash
# A CI job's preflight for the state backend: every setting a Pulumi job needs is present, and
# the backend is the S3 bucket, so an empty PULUMI_BACKEND_URL can never fall back to Pulumi
# Cloud. Each missing setting gets its own ::error:: line that says where to set it.
#
# Environment: PULUMI_BACKEND_URL, AWS_REGION, AWS_ROLE_ARN, HAS_PASSPHRASE and HAS_KUBECONFIG
# ("true" when the secret is set), ENVIRONMENT (the GitHub environment), STACK.
set -uo pipefail

missing=0
need() {
    if [ -z "$2" ] || [ "$2" = false ]; then
        echo "::error::$1 is not set. Add it as $3 (docs/ci-cd.md, one-time GitHub setup)."
        missing=1
    fi
}
need PULUMI_BACKEND_URL "${PULUMI_BACKEND_URL:-}" "a repository variable: s3://<bucket>?region=<region>"
need AWS_REGION "${AWS_REGION:-}" "a repository variable: the region of the state bucket"
need AWS_ROLE_ARN "${AWS_ROLE_ARN:-}" "a variable of the environment ${ENVIRONMENT:-}: the IAM role that GitHub OIDC assumes"
need PULUMI_CONFIG_PASSPHRASE "${HAS_PASSPHRASE:-}" "a secret of the environment ${ENVIRONMENT:-}"
need KUBECONFIG "${HAS_KUBECONFIG:-}" "a secret of the environment ${ENVIRONMENT:-}: a kubeconfig with the context of Pulumi.${STACK:-}.yaml"
case "${PULUMI_BACKEND_URL:-}" in
    s3://* | "") ;;
    *)
        echo "::error::PULUMI_BACKEND_URL must be an s3:// URL (state in S3 through OIDC); it is $PULUMI_BACKEND_URL"
        missing=1
        ;;
esac
exit "$missing"
