/**
 * The retention script: deletes the daily indices <prefix>-YYYY.MM.DD older than RETENTION_DAYS
 * days through the store's own REST API (_cat/indices, DELETE /<index>), since the OSS build has
 * no index lifecycle management (docs/log-agent.md#log-retention). An index is older than N days
 * when its day comes before today (UTC) minus N days, so N days plus today are kept. It tries
 * every index and fails at the end if one deletion failed, so the Job shows the failure.
 * POSIX sh for busybox or GNU date; tests/log-retention.test.ts runs it through shellcheck and
 * against a fake store.
 */
export const DELETE_OLD_INDICES_SCRIPT = `#!/bin/sh
set -eu

now=$(date -u +%s)
cutoff=$(date -u -d "@$((now - RETENTION_DAYS * 86400))" +%Y%m%d)
echo "deleting \${INDEX_PREFIX}-* indices of days before $cutoff from \${SEARCH_URL}"

indices=$(curl --silent --show-error --fail --globoff --max-time 60 "\${SEARCH_URL}/_cat/indices/\${INDEX_PREFIX}-*?h=index")

failed=0
for index in $indices; do
  day=\${index#"\${INDEX_PREFIX}"-}
  case $day in
    [0-9][0-9][0-9][0-9].[0-9][0-9].[0-9][0-9]) ;;
    *) continue ;;
  esac
  if [ "$(echo "$day" | tr -d .)" -lt "$cutoff" ]; then
    if curl --silent --show-error --fail --globoff --max-time 120 -X DELETE "\${SEARCH_URL}/$index" >/dev/null; then
      echo "deleted $index"
    else
      echo "could not delete $index" >&2
      failed=1
    fi
  fi
done
exit "$failed"
`;
