import { waitUntilAnswers } from "../../common/curl-job-pod";

/**
 * The index pattern script: waits for Kibana, then creates (or replaces) the index pattern through
 * Kibana 7.10's saved objects API, with @timestamp as its time field, and makes it the default
 * (docs/log-agent.md#kibana). OpenSearch Dashboards serves the same APIs under its own xsrf header
 * and settings path, which its Job passes as XSRF_HEADER and SETTINGS_API. POSIX sh; tests/kibana.test.ts runs it through shellcheck and
 * against a fake Kibana.
 */
export const PROVISION_INDEX_PATTERN_SCRIPT = `#!/bin/sh
set -eu

# Kibana starts after the store and migrates its saved objects first; wait up to ten minutes.
${waitUntilAnswers("KIBANA_URL", "/api/status", "Kibana")}

# overwrite=true makes a second run (a new image, a changed pattern) replace the object.
curl --silent --show-error --fail --globoff --max-time 30 -X POST \\
  -H "\${XSRF_HEADER:-kbn-xsrf}: true" -H 'Content-Type: application/json' \\
  "\${KIBANA_URL}/api/saved_objects/index-pattern/\${INDEX_PATTERN_ID}?overwrite=true" \\
  -d "{\\"attributes\\":{\\"title\\":\\"\${INDEX_PATTERN}\\",\\"timeFieldName\\":\\"@timestamp\\"}}" >/dev/null
curl --silent --show-error --fail --globoff --max-time 30 -X POST \\
  -H "\${XSRF_HEADER:-kbn-xsrf}: true" -H 'Content-Type: application/json' \\
  "\${KIBANA_URL}/\${SETTINGS_API:-api/kibana/settings}" \\
  -d "{\\"changes\\":{\\"defaultIndex\\":\\"\${INDEX_PATTERN_ID}\\"}}" >/dev/null
echo "index pattern \${INDEX_PATTERN} is Kibana's default"
`;
