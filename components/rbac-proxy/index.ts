export * from "./container";
export * from "./flags";
export * from "./rbac";
