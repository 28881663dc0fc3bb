"""Sorts the teams' dashboards from the sidecar's staging directory into Grafana's team folders.

Run by kiwigrid/k8s-sidecar as its SCRIPT after every change it writes (docs/grafana.md#team-dashboards).
The sidecar writes each ConfigMap key as namespace_<ns>.configmap_<name>.<key> (UNIQUE_FILENAMES);
this script rebuilds the live directory from scratch each time, so it holds exactly:

- <live>/Team <ns>/<name>.<key> for every key that is a dashboard with a uid and title of its own;
- <live>/Team <ns>/refused-<digest>.json, a dashboard that says why, for every key it refuses.

A refusal stays in the team's own folder, so the team sees it where it looks for its dashboard.
Grafana stops writing every provider involved in a duplicate uid, or a duplicate title in one
folder (pkg/services/provisioning/dashboards/validator.go, takeAwayWritePermissions), so no
duplicate ever reaches the live directory: the platform's uids are reserved, and among the teams
the first file in name order keeps a uid or a title, the next ones are refused.

Standard library only: it runs on the sidecar image's Python, with a read-only root.
"""

import hashlib
import json
import os
import re
import sys

STAGING = os.environ.get("TEAM_DASHBOARDS_STAGING", "/var/lib/grafana-team-dashboards-staging")
LIVE = os.environ.get("TEAM_DASHBOARDS_LIVE", "/var/lib/grafana-team-dashboards")
PLATFORM_UIDS = os.environ.get("TEAM_DASHBOARDS_PLATFORM_UIDS", "/opt/team-dashboards/platform-uids.json")

STAGED = re.compile(r"^namespace_([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.configmap_(.+)$")
UID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
REFUSED_PREFIX = "refused-"
REFUSED_TITLE = "Refused: "
FOLDER_PREFIX = "Team "


def folder_of(namespace):
    return FOLDER_PREFIX + namespace


def refusal(namespace, source, reasons):
    digest = hashlib.sha256((namespace + "/" + source).encode("utf-8")).hexdigest()[:24]
    text = (
        "ConfigMap key **" + source + "** of namespace **" + namespace + "** was not provisioned:\n\n"
        + "\n".join("- " + r for r in reasons)
        + "\n\nFix the ConfigMap (label grafana_dashboard: \"1\"); this dashboard disappears when it loads."
        + " Check a directory of them before you apply: npm run team:check (docs/monitor-your-app.md)."
    )
    return REFUSED_PREFIX + digest + ".json", {
        "uid": REFUSED_PREFIX + digest,
        "title": REFUSED_TITLE + source,
        "tags": ["refused"],
        "schemaVersion": 42,
        "panels": [
            {
                "type": "text",
                "title": "Why this dashboard was refused",
                "gridPos": {"x": 0, "y": 0, "w": 24, "h": 10},
                "options": {"mode": "markdown", "content": text},
            }
        ],
    }


def check(source, raw):
    """The dashboard and no reason, or None and the reasons it is refused."""
    if not source.endswith(".json"):
        return None, ["the key does not end in .json: Grafana's file provider reads only *.json files"]
    try:
        doc = json.loads(raw)
    except ValueError as e:
        return None, ["not JSON: " + str(e)]
    if not isinstance(doc, dict):
        return None, ["not a dashboard: the JSON is not an object"]
    reasons = []
    title = doc.get("title")
    if not isinstance(title, str) or title.strip() == "":
        reasons.append("not a dashboard: no title (a non-empty string)")
    elif title.startswith(REFUSED_TITLE):
        reasons.append("the title prefix '" + REFUSED_TITLE + "' is reserved for refusals")
    if not isinstance(doc.get("panels"), list) and not isinstance(doc.get("rows"), list):
        reasons.append("not a dashboard: no panels (a list)")
    uid = doc.get("uid")
    if not isinstance(uid, str) or not UID.match(uid):
        reasons.append("uid: got " + json.dumps(uid) + ", expected 1 to 40 letters, digits, - or _ (a stable uid is what keeps its URL)")
    elif uid.startswith(REFUSED_PREFIX):
        reasons.append("uid: the prefix " + REFUSED_PREFIX + " is reserved for refusals")
    return (None, reasons) if reasons else (doc, [])


def plan(staged, platform):
    """{relative path: JSON text} of the live directory, from {staged file name: text} and the platform's {uidPrefix, uids}."""
    out = {}
    uid_owner = {uid: "the platform's dashboards" for uid in platform["uids"]}
    title_owner = {}
    for name in sorted(staged):
        m = STAGED.match(name)
        if not m:
            continue
        namespace, rest = m.group(1), m.group(3)
        folder = folder_of(namespace)
        doc, reasons = check(rest, staged[name])
        if doc is not None:
            uid, title = doc["uid"], doc["title"]
            if uid.startswith(platform["uidPrefix"]) and uid not in uid_owner:
                reasons.append("uid " + uid + ": the prefix " + platform["uidPrefix"] + " is reserved for the platform's dashboards")
            elif uid in uid_owner:
                reasons.append("uid " + uid + " is already used by " + uid_owner[uid] + " (uids are unique across Grafana)")
            if (folder, title) in title_owner:
                reasons.append("title '" + title + "' is already used by " + title_owner[(folder, title)] + " in folder " + folder)
        if reasons:
            file_name, dashboard = refusal(namespace, rest, reasons)
            out[folder + "/" + file_name] = json.dumps(dashboard, indent=1, sort_keys=True)
            continue
        uid_owner[doc["uid"]] = "ConfigMap key " + namespace + "/" + rest
        title_owner[(folder, doc["title"])] = "ConfigMap key " + namespace + "/" + rest
        out[folder + "/" + rest] = staged[name]
    return out


def read_staged():
    staged = {}
    for name in os.listdir(STAGING) if os.path.isdir(STAGING) else []:
        path = os.path.join(STAGING, name)
        if os.path.isfile(path):
            with open(path, "r", encoding="utf-8", errors="replace") as f:
                staged[name] = f.read()
    return staged


def apply(wanted):
    """Make LIVE hold exactly `wanted`; each file is written under a dot-name and renamed, so Grafana never reads half of one."""
    for rel, text in wanted.items():
        path = os.path.join(LIVE, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if os.path.isfile(path):
            with open(path, "r", encoding="utf-8", errors="replace") as f:
                if f.read() == text:
                    continue
        tmp = os.path.join(os.path.dirname(path), ".writing")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    for folder in os.listdir(LIVE):
        directory = os.path.join(LIVE, folder)
        if not os.path.isdir(directory):
            os.remove(directory)
            continue
        for name in os.listdir(directory):
            if folder + "/" + name not in wanted:
                os.remove(os.path.join(directory, name))
        if not os.listdir(directory):
            os.rmdir(directory)


def main():
    with open(PLATFORM_UIDS, "r", encoding="utf-8") as f:
        platform = json.load(f)
    wanted = plan(read_staged(), platform)
    apply(wanted)
    refused = sorted(k for k in wanted if os.path.basename(k).startswith(REFUSED_PREFIX))
    print("team dashboards: %d live, %d refused" % (len(wanted) - len(refused), len(refused)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
