export { LogRetention, LogRetentionArgs } from "./log-retention";
