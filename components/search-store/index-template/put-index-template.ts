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
`;
