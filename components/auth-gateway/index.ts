export * from "./auth-gateway";
export * from "./layout";
export * from "./model";
export * from "./nginx-config";
export * from "./objects";
export * from "./oauth2-proxy";
export * from "./object-names";
export * from "./ingress";
