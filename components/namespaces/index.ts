export * from "./created-namespaces";
export * from "./namespaces";
