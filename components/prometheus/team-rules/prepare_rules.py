"""Prepares the teams' rule files from the sidecar's staging directory for the checker.

Run by kiwigrid/k8s-sidecar as its SCRIPT after every change it writes (docs/monitor-your-app.md#team-rules).
The sidecar writes each ConfigMap key labelled prometheus_rule: "1" as
namespace_<ns>.configmap_<name>.<key> (UNIQUE_FILENAMES). This script rebuilds the prepared
directory from scratch each time:

- <prepared>/<ns>__<name>.<key>.ok: the file with the label namespace: <ns> set on every rule,
  so Alertmanager's team routes take them (a rule's own namespace label is overwritten);
- <prepared>/<ns>__<name>.<key>.refused: the reason, for a file refused here: not YAML, not a
  rule file, a group name another file of the namespace already has, or over the namespace's limits.

The checker beside Prometheus then runs promtool on each .yml (docs/monitor-your-app.md#team-rules).
Standard library and PyYAML only: both are in the sidecar image (PyYAML comes with its kubernetes client).
"""

import os
import re
import sys

import yaml

STAGING = os.environ.get("TEAM_RULES_STAGING", "/var/lib/team-rules/staging")
PREPARED = os.environ.get("TEAM_RULES_PREPARED", "/var/lib/team-rules/prepared")
MAX_FILES = int(os.environ.get("TEAM_RULES_MAX_FILES", "20"))
MAX_RULES = int(os.environ.get("TEAM_RULES_MAX_RULES", "200"))

STAGED = re.compile(r"^namespace_([a-z0-9]([-a-z0-9]*[a-z0-9])?)\.configmap_(.+)$")
RULE_FILE = re.compile(r"\.ya?ml$")


def target_name(namespace, rest):
    """<ns>__<configmap>.<key>: the checker reads namespace and source back from it."""
    return namespace + "__" + re.sub(r"[^A-Za-z0-9._-]", "_", rest)


def prepare(name, namespace, rest, text, groups_seen, counts):
    """(file name, text): the rewritten rule file, or a .refused file with the reason."""
    base = target_name(namespace, rest)
    if not RULE_FILE.search(rest):
        return base + ".refused", "the key does not end in .yml or .yaml: one rule file per key"
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        return base + ".refused", "not YAML: " + str(e).replace("\n", " ")
    if not isinstance(doc, dict) or not isinstance(doc.get("groups"), list):
        return base + ".refused", "not a rule file: expected groups: [ { name, rules: [...] } ]"
    counts["files"] += 1
    if counts["files"] > MAX_FILES:
        return base + ".refused", "over the limit of %d rule files in namespace %s" % (MAX_FILES, namespace)
    names = []
    rules = 0
    for group in doc["groups"]:
        if not isinstance(group, dict) or not isinstance(group.get("rules"), list):
            return base + ".refused", "a group that is not { name, rules: [...] }"
        gname = group.get("name")
        if gname in groups_seen:
            return base + ".refused", "group %s is already a group of %s in namespace %s" % (gname, groups_seen[gname], namespace)
        names.append(gname)
        for rule in group["rules"]:
            if not isinstance(rule, dict):
                return base + ".refused", "a rule that is not a map"
            labels = rule.get("labels")
            rule["labels"] = dict(labels) if isinstance(labels, dict) else {}
            rule["labels"]["namespace"] = namespace
            rules += 1
    if counts["rules"] + rules > MAX_RULES:
        return base + ".refused", "over the limit of %d rules in namespace %s" % (MAX_RULES, namespace)
    counts["rules"] += rules
    for gname in names:
        groups_seen[gname] = rest
    return base + ".ok", yaml.safe_dump(doc, sort_keys=False, default_flow_style=False)


def plan(staged):
    out = {}
    per_namespace = {}
    for name in sorted(staged):
        m = STAGED.match(name)
        if not m:
            continue
        namespace, rest = m.group(1), m.group(3)
        groups_seen, counts = per_namespace.setdefault(namespace, ({}, {"files": 0, "rules": 0}))
        file_name, text = prepare(name, namespace, rest, staged[name], groups_seen, counts)
        out[file_name] = text
    return out


def main():
    staged = {}
    for name in os.listdir(STAGING) if os.path.isdir(STAGING) else []:
        path = os.path.join(STAGING, name)
        if os.path.isfile(path):
            with open(path, "r", encoding="utf-8", errors="replace") as f:
                staged[name] = f.read()
    wanted = plan(staged)
    os.makedirs(PREPARED, exist_ok=True)
    for name, text in wanted.items():
        path = os.path.join(PREPARED, name)
        if os.path.isfile(path):
            with open(path, "r", encoding="utf-8") as f:
                if f.read() == text:
                    continue
        tmp = os.path.join(PREPARED, ".writing")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    for name in os.listdir(PREPARED):
        if name not in wanted and not name.startswith("."):
            os.remove(os.path.join(PREPARED, name))
    refused = [n for n in wanted if n.endswith(".refused")]
    print("team rules: %d prepared, %d refused" % (len(wanted) - len(refused), len(refused)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
