/** The names of the team dashboards' objects, from grafana.name (object-names.ts checks them for collisions). */
export const scriptConfigMapName = (g: { name: string }) => `${g.name}-team-dashboards-script`;
export const teamDashboardsRbacName = (g: { name: string }) => `${g.name}-team-dashboards`;
/** Every team folder's title starts with this, then the namespace (sort_dashboards.py FOLDER_PREFIX): no platform folder title may. */
export const TEAM_FOLDER_PREFIX = "Team ";
