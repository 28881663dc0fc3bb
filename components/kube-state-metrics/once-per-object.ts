/**
 * A kube-state-metrics series once, however many of its replicas Prometheus scrapes (#42, defect
 * class 4). Every replica serves every object, and the job tells them apart by `instance` alone
 * (the replica's pod, scrape-job.ts): while a rollout's new pod and the old one are both listed,
 * or where a stack runs two, each series comes twice under another `instance`. A sum or a count
 * of such series doubles; `max without (instance)` keeps the object's labels and counts it once,
 * as the replicas serve the same value (a value one replica has not caught up with yet: the larger).
 */
export const oncePerObject = (selector: string) => `max without (instance) (${selector})`;
