import { waitUntilAnswers } from "../../common/curl-job-pod";

/**
 * The index template script: waits until the store has a master (GET /_cluster/health answers
 * 503 until it has), installs the log indices' composable template, then gives the log indices
 * that already exist the same replica count. Both requests are PUTs of whole values, so a rerun
 * changes nothing. POSIX sh; tests/index-template.test.ts runs it through shellcheck and against
 * a fake store.
 *
 * Existing indices are updated too, since a template only applies to indices created after it:
 * on a store that ran before, today's index and the retained days would otherwise keep a replica
 * that one node can never place, and the cluster would stay yellow until retention deleted them.
 * Lowering the count loses nothing, as those replicas were never allocated. The template comes
 * first, so an index created between the two requests is covered by one of them.
 *
 * OpenSearch only (EXPORTER_PASSWORD_FILE set): then the exporter's role, and its user with the
 * role and the password, through the security REST API (opensearch-project/security 3.6.0.0:
 * `PUT _plugins/_security/api/roles/<role>` and `.../internalusers/<user>`, both creating or
 * replacing). The security plugin reads roles.yml and internal_users.yml on a store's first start
 * only, so a store started before the exporter's user existed learns it here; on a new store the
 * PUTs replace the same values. The role goes first: the user's PUT refuses an unknown role. The
 * password is read into the shell with `read` and piped by printf, both builtins, to curl's
 * stdin: it is in no process's arguments or environment, and curl prints no request body.
 */
export const PUT_INDEX_TEMPLATE_SCRIPT = `#!/bin/sh
set -eu

# The store may still be starting; wait up to ten minutes for it to elect itself master.
${waitUntilAnswers("SEARCH_URL", "/_cluster/health", "the store")}

# --fail-with-body prints Elasticsearch's reason when it refuses a request.
curl --silent --show-error --fail-with-body --globoff --max-time 30 -X PUT \\
  -H 'Content-Type: application/json' \\
  "\${SEARCH_URL}/_index_template/\${TEMPLATE_NAME}" -d "\${TEMPLATE_BODY}"
echo
echo "index template \${TEMPLATE_NAME} installed for \${INDEX_PATTERN}"

# allow_no_indices: a new store has no log index yet; closed indices count in cluster health too.
curl --silent --show-error --fail-with-body --globoff --max-time 60 -X PUT \\
  -H 'Content-Type: application/json' \\
  "\${SEARCH_URL}/\${INDEX_PATTERN}/_settings?allow_no_indices=true&expand_wildcards=open,closed" -d "\${SETTINGS_BODY}"
echo
echo "existing \${INDEX_PATTERN} indices updated"

if [ -n "\${EXPORTER_PASSWORD_FILE:-}" ]; then
  curl --silent --show-error --fail-with-body --globoff --max-time 30 -X PUT \\
    -H 'Content-Type: application/json' \\
    "\${SEARCH_URL}/_plugins/_security/api/roles/\${EXPORTER_ROLE}" -d "\${EXPORTER_ROLE_BODY}"
  echo
  echo "role \${EXPORTER_ROLE} put"

  # read fails on a last line without a newline (the Secret's value has none) but still sets it.
  password=""
  read -r password < "\${EXPORTER_PASSWORD_FILE}" || true
  # Generated letters and digits: nothing to escape in JSON. Anything else is refused unprinted.
  case "\${password}" in
    "" | *[!A-Za-z0-9]*)
      echo "the exporter's password in \${EXPORTER_PASSWORD_FILE} is empty or not letters and digits" >&2
      exit 1
      ;;
  esac
  printf '{"password":"%s",%s' "\${password}" "\${EXPORTER_USER_FIELDS#\\{}" |
    curl --silent --show-error --fail-with-body --globoff --max-time 30 -X PUT \\
      -H 'Content-Type: application/json' \\
      "\${SEARCH_URL}/_plugins/_security/api/internalusers/\${EXPORTER_USER}" --data-binary @-
  echo
  echo "user \${EXPORTER_USER} put with role \${EXPORTER_ROLE}"
fi
`;
