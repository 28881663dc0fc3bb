/** The names of the team dashboards' objects, from grafana.name (object-names.ts checks them for collisions). */
export const scriptConfigMapName = (g: { name: string }) => `${g.name}-team-dashboards-script`;
export const teamDashboardsRbacName = (g: { name: string }) => `${g.name}-team-dashboards`;
